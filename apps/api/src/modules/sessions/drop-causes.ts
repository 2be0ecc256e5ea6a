import type { DropCause, OnuDownReasonCode } from '@pondesk/contracts';

/** Runs SQL: a DataSource or an EntityManager. */
interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** An ONU's offline transition looked at for a drop, and how its OLT is polled. */
export interface CauseEvidence {
  onus: { id: string; pppoeId: string; pollIntervalSeconds: number; lastGoodPollAt: Date | null }[];
  offline: { onuRef: string; at: Date; reason: OnuDownReasonCode | null }[];
}

/** An ONU offline event this long before a drop still explains it (the OLT's clock may run ahead). */
const BEFORE_MS = 120_000;
/** After the drop, the OLT's next poll (its interval) plus this much may bring the ONU's event. */
const AFTER_SLACK_MS = 60_000;
/** A poll this long after the drop that found the ONU online settles it as online. */
const SETTLE_MS = 30_000;

/** Fibre losses as the OLTs report them; other offline reasons are told apart from power. */
const LOS: ReadonlySet<string> = new Set(['los', 'wire-down']);

/**
 * Why the session of `pppoeId` dropped at `at`, from what its ONU did around then: an ONU offline event
 * from shortly before the drop to the OLT's next poll after it names the cause (power off, fibre LOS, or
 * another reason); an OLT polled since without such an event says the ONU stayed online (the router or
 * PPP dropped); no poll since yet: pending; no ONU carries the id: unknown.
 */
export function dropCause(pppoeId: string, at: Date, evidence: CauseEvidence): DropCause {
  const onus = evidence.onus.filter((o) => o.pppoeId === pppoeId);
  if (!onus.length) return 'onu-unknown';
  const t = at.getTime();
  let settled = false;
  for (const onu of onus) {
    const until = t + onu.pollIntervalSeconds * 1000 + AFTER_SLACK_MS;
    const event = evidence.offline
      .filter((e) => e.onuRef === onu.id && e.at.getTime() >= t - BEFORE_MS && e.at.getTime() <= until)
      .sort((a, b) => Math.abs(a.at.getTime() - t) - Math.abs(b.at.getTime() - t))[0];
    if (event)
      return event.reason === 'power-off'
        ? 'onu-power-off'
        : LOS.has(event.reason ?? '')
          ? 'fibre-los'
          : 'onu-other';
    if (onu.lastGoodPollAt && onu.lastGoodPollAt.getTime() >= t + SETTLE_MS) settled = true;
  }
  return settled ? 'onu-online' : 'pending';
}

/** The evidence for drops of these PPPoE ids between `from` and `to` (one query each for ONUs and events). */
export async function causeEvidence(
  db: Queryable,
  tenantId: string,
  pppoeIds: readonly string[],
  from: Date,
  to: Date,
): Promise<CauseEvidence> {
  if (!pppoeIds.length) return { onus: [], offline: [] };
  const onus = (await db.query(
    `SELECT s.id, p AS "pppoeId", o.poll_interval_seconds AS "pollIntervalSeconds", o.last_good_poll_at AS "lastGoodPollAt"
     FROM onu_search s JOIN olt o ON o.id = s.olt_id CROSS JOIN LATERAL unnest(s.pppoe_ids) p
     WHERE s.tenant_id = $1 AND s.pppoe_ids && $2::text[] AND p = ANY($2::text[])`,
    [tenantId, pppoeIds],
  )) as CauseEvidence['onus'];
  if (!onus.length) return { onus, offline: [] };
  const longest = Math.max(...onus.map((o) => o.pollIntervalSeconds)) * 1000 + AFTER_SLACK_MS;
  const offline = (await db.query(
    `SELECT onu_ref AS "onuRef", occurred_at AS at, reason FROM onu_status_event
     WHERE onu_ref = ANY($1::uuid[]) AND to_status = 'offline' AND occurred_at >= $2 AND occurred_at <= $3`,
    [
      [...new Set(onus.map((o) => o.id))],
      new Date(from.getTime() - BEFORE_MS),
      new Date(to.getTime() + longest),
    ],
  )) as CauseEvidence['offline'];
  return { onus, offline };
}
