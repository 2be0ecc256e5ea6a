/**
 * The ONU search text: every field an operator types into a list's search box, PPPoE ids included.
 * Postgres keeps it in the generated column `onu.search_text` (`ONU_SEARCH_COLUMN`), which the trigram
 * index `onu_search_text_trgm_idx` covers and queries test; `onu-search.spec.ts` holds this to the
 * migrations' frozen copy.
 */
export const ONU_SEARCH_SQL = (alias: string) =>
  `lower(${alias}.if_name || ' ' || coalesce(${alias}.mac, '') || ' ' || coalesce(${alias}.serial, '') || ' ' || coalesce(${alias}.description, '') || ' ' || coalesce(${alias}.vendor, '') || ' ' || coalesce(${alias}.model, '') || ' ' || ${alias}.status || ' ' || coalesce(${alias}.reason, '') || ' ' || pondesk_array_text(${alias}.pppoe_ids))`;

/** The stored search text (`ONU_SEARCH_SQL` kept by Postgres) of the ONU aliased `alias`. */
export const ONU_SEARCH_COLUMN = (alias: string) => `${alias}.search_text`;
