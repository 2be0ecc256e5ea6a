import type { SessionAction } from '@pondesk/contracts';
import type { SqlRunner } from './olt-stats';

/** One event as stored. */
export interface SessionEventRecord {
  tenantId: string;
  receivedAt: Date;
  pppoeId: string;
  action: SessionAction;
  ip: string | null;
  mac: string | null;
  router: string | null;
  iface: string | null;
  routerTime: string | null;
}

/**
 * A PPPoE id's event repeating its last one (same action) within this is the same event told twice: by
 * the router's script and by its syslog, or by a script retrying. A real flap alternates down and up.
 */
export const SAME_SESSION_EVENT_SECONDS = 10;

/**
 * One statement: the events, the per-day drop counts of their PPPoE ids, each id's last event, the
 * routers' last events. An event whose PPPoE id's last stored event (`session_last_event`, read by its
 * key), less than SAME_SESSION_EVENT_SECONDS before, has the same action is not stored again (nor
 * counted). Rows are upserted in key order, so two batches written at once never wait on each other in a
 * circle.
 */
export async function writeSessionEvents(
  db: SqlRunner,
  batch: readonly SessionEventRecord[],
): Promise<SessionEventRecord[]> {
  const col = <K extends keyof SessionEventRecord>(k: K) => batch.map((e) => e[k]);
  // One statement is one transaction: its writes commit together or not at all.
  const rows = (await db.query(
    `WITH e(tenant_id, received_at, pppoe_id, action, ip, mac, router, interface, router_time, n) AS (
         SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::varchar[], $4::varchar[], $5::varchar[],
                              $6::varchar[], $7::varchar[], $8::varchar[], $9::varchar[]) WITH ORDINALITY),
       last AS (
         SELECT l.* FROM session_last_event l JOIN (SELECT DISTINCT tenant_id, pppoe_id FROM e) k
           ON l.tenant_id = k.tenant_id AND l.pppoe_id = k.pppoe_id),
       fresh AS (
         SELECT e.* FROM e LEFT JOIN last l ON l.tenant_id = e.tenant_id AND l.pppoe_id = e.pppoe_id
         WHERE l.pppoe_id IS NULL OR NOT (l.action = e.action AND l.received_at <= e.received_at
           AND l.received_at > e.received_at - make_interval(secs => ${SAME_SESSION_EVENT_SECONDS}))),
       lasts AS (
         INSERT INTO session_last_event AS t (tenant_id, pppoe_id, action, received_at)
         SELECT DISTINCT ON (tenant_id, pppoe_id) tenant_id, pppoe_id, action, received_at
         FROM fresh ORDER BY tenant_id, pppoe_id, received_at DESC
         ON CONFLICT (tenant_id, pppoe_id)
         DO UPDATE SET action = EXCLUDED.action, received_at = EXCLUDED.received_at
         WHERE t.received_at <= EXCLUDED.received_at),
       stored AS (
         INSERT INTO session_event (tenant_id, received_at, pppoe_id, action, ip, mac, router, interface, router_time)
         SELECT tenant_id, received_at, pppoe_id, action, ip, mac, router, interface, router_time FROM fresh),
       days AS (
         INSERT INTO session_down_daily AS d (tenant_id, pppoe_id, day, downs, last_down_at)
         SELECT tenant_id, pppoe_id, (received_at AT TIME ZONE 'UTC')::date, count(*), max(received_at)
         FROM fresh WHERE action = 'down' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
         ON CONFLICT (tenant_id, pppoe_id, day)
         DO UPDATE SET downs = d.downs + EXCLUDED.downs, last_down_at = greatest(d.last_down_at, EXCLUDED.last_down_at)),
       routers AS (
         INSERT INTO ingest_router AS r (tenant_id, router, last_event_at, last_action)
         SELECT DISTINCT ON (tenant_id, router) tenant_id, router, received_at, action
         FROM e WHERE router IS NOT NULL ORDER BY tenant_id, router, received_at DESC
         ON CONFLICT (tenant_id, router)
         DO UPDATE SET last_event_at = EXCLUDED.last_event_at, last_action = EXCLUDED.last_action
         WHERE r.last_event_at <= EXCLUDED.last_event_at)
     SELECT n::int FROM fresh`,
    [
      col('tenantId'),
      col('receivedAt'),
      col('pppoeId'),
      col('action'),
      col('ip'),
      col('mac'),
      col('router'),
      col('iface'),
      col('routerTime'),
    ],
  )) as { n: number }[];
  // The events stored (not told twice), in the batch's order.
  return rows
    .map((r) => r.n)
    .sort((x, y) => x - y)
    .map((n) => batch[n - 1]);
}

/**
 * The OLTs whose ONUs carry any of `pppoeIds` (tenant `tenantId`), each with the ids it carries: whom to
 * tell of those ids' session events besides the users who see every OLT.
 */
export async function oltsCarryingPppoeIds(
  db: SqlRunner,
  tenantId: string,
  pppoeIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const rows = (await db.query(
    `SELECT DISTINCT s.olt_id, p AS pppoe FROM onu_search s, unnest(s.pppoe_ids) p
     WHERE s.tenant_id = $1 AND s.pppoe_ids && $2::text[] AND p = ANY($2::text[])`,
    [tenantId, [...new Set(pppoeIds)]],
  )) as { olt_id: string; pppoe: string }[];
  const byOlt = new Map<string, Set<string>>();
  for (const r of rows) byOlt.set(r.olt_id, (byOlt.get(r.olt_id) ?? new Set()).add(r.pppoe));
  return byOlt;
}
