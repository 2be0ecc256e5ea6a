/**
 * When an ONU was last seen. A poll rewrites an ONU's row only when something in it moves, so an online
 * ONU was last seen at its OLT's last good poll, whenever its row was written; an offline ONU at the time
 * its row says. `onu` is the ONU's alias ('' for bare columns), `lastGoodPoll` the SQL of its OLT's last
 * good poll (a column or a parameter). The worker's store and the API's rows read it through this one rule.
 */
export function onuLastSeenSql(onu: string, lastGoodPoll: string): string {
  const column = (name: string) => (onu ? `${onu}.${name}` : name);
  return `CASE WHEN ${column('status')} = 'online' THEN greatest(${column('last_seen_at')}, ${lastGoodPoll}) ELSE ${column('last_seen_at')} END`;
}

/**
 * The lists' "last seen" order: an online ONU is being seen, so it sorts as the latest of all (ties by
 * id); an offline one by when it was last seen. It reads the ONU's own row only, so the indexes
 * `onu_sort_seen_idx` and `onu_sort_seen_desc_idx` (migration OnuSeenOrder, which holds the same text)
 * serve it.
 */
export const ONU_SEEN_ORDER_SQL = (onu: string): string =>
  `CASE WHEN ${onu}.status = 'online' THEN 'infinity'::timestamptz ELSE ${onu}.last_seen_at END`;
