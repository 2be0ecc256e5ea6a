/**
 * The ONU search text: every field an operator types into a list's search box, PPPoE ids included.
 * Queries must use exactly the expression the trigram index `onu_search_trgm_idx` was built on, or
 * Postgres falls back to a scan; `onu-search.spec.ts` holds this to the migration's frozen copy.
 */
export const ONU_SEARCH_SQL = (alias: string) =>
  `lower(${alias}.if_name || ' ' || coalesce(${alias}.mac, '') || ' ' || coalesce(${alias}.serial, '') || ' ' || coalesce(${alias}.description, '') || ' ' || coalesce(${alias}.vendor, '') || ' ' || coalesce(${alias}.model, '') || ' ' || ${alias}.status || ' ' || coalesce(${alias}.reason, '') || ' ' || pondesk_array_text(${alias}.pppoe_ids))`;
