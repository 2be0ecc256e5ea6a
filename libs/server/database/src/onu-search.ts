/**
 * The ONU search text: every field an operator types into a list's search box, PPPoE ids included.
 * Postgres keeps it in the generated column `onu.search_text` (`ONU_SEARCH_COLUMN`), and triggers copy it
 * to the narrow table `onu_search` (migration OnuSearchTable), whose trigram index `onu_search_trgm_idx`
 * covers it; `onu-search.spec.ts` holds this to the migrations' frozen copy.
 */
export const ONU_SEARCH_SQL = (alias: string) =>
  `lower(${alias}.if_name || ' ' || coalesce(${alias}.mac, '') || ' ' || coalesce(${alias}.serial, '') || ' ' || coalesce(${alias}.description, '') || ' ' || coalesce(${alias}.vendor, '') || ' ' || coalesce(${alias}.model, '') || ' ' || ${alias}.status || ' ' || coalesce(${alias}.reason, '') || ' ' || pondesk_array_text(${alias}.pppoe_ids))`;

/** The stored search text (`ONU_SEARCH_SQL` kept by Postgres) of the ONU aliased `alias`. */
export const ONU_SEARCH_COLUMN = (alias: string) => `${alias}.search_text`;
