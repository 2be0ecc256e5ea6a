import type { EntityManager } from 'typeorm';
import { ONU_SIGNAL_HYSTERESIS_DB, type AlertKind } from '@pondesk/contracts';
import type { AlertRules } from './alert-rules';
import { openAlert, resolveAlert, type NewAlert } from './alert-writer';

/** What one pass did. */
export interface PassTally {
  events: number;
  opened: number;
  resolved: number;
}

/** Events read per source per pass at most (the rest on the next pass, moments later). */
export const EVENTS_PER_PASS = 20_000;

/**
 * The rows of an append-only event table stored since the last pass (`sql` selects `id > $1`, ordered by id,
 * at most `EVENTS_PER_PASS`); the source's cursor moves past them in the pass's transaction. The first pass
 * ever starts from now: the history stored before alerts existed raises nothing.
 */
export async function readSince<T extends { id: string }>(
  m: EntityManager,
  source: 'onu_status_event' | 'switch_port_event',
  sql: string,
): Promise<T[]> {
  const [cursor]: { last_id: string }[] = await m.query(
    `SELECT last_id FROM alert_cursor WHERE source = $1 FOR UPDATE`,
    [source],
  );
  if (!cursor) {
    await m.query(
      `INSERT INTO alert_cursor (source, last_id)
       SELECT $1, coalesce(max(id), 0) FROM ${source} ON CONFLICT (source) DO NOTHING`,
      [source],
    );
    return [];
  }
  const rows: T[] = await m.query(sql, [cursor.last_id]);
  if (rows.length) {
    await m.query(`UPDATE alert_cursor SET last_id = $2 WHERE source = $1`, [
      source,
      rows[rows.length - 1].id,
    ]);
  }
  return rows;
}

export async function addPending(m: EntityManager, a: NewAlert, subject: string, since: Date): Promise<void> {
  await m.query(
    `INSERT INTO alert_pending (tenant_id, kind, subject, dedup_key, olt_id, pon_port, onu_ref, target_type,
                                target_id, since, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING`,
    [
      a.tenantId,
      a.kind,
      subject,
      a.dedupKey,
      a.oltId,
      a.ponPort ?? null,
      a.onuRef ?? null,
      a.targetType ?? null,
      a.targetId ?? null,
      since,
      JSON.stringify({ ...a.detail, title: a.title }),
    ],
  );
}

export async function dropPending(
  m: EntityManager,
  tenantId: string,
  kind: AlertKind,
  subject: string,
): Promise<void> {
  await m.query(`DELETE FROM alert_pending WHERE tenant_id = $1 AND kind = $2 AND subject = $3`, [
    tenantId,
    kind,
    subject,
  ]);
}

/** Raised now, or left pending when the rule asks the condition to hold a while first. */
export async function raiseOrWait(
  m: EntityManager,
  rules: AlertRules,
  a: NewAlert,
  subject: string,
  since: Date,
  tally: PassTally,
): Promise<void> {
  if (rules.of(a.tenantId, a.kind).minDurationSeconds > 0) await addPending(m, a, subject, since);
  else if (await openAlert(m, a)) tally.opened++;
}

/** One thing whose state a pass compares with its alert: down or not, its firing alert, its pending condition. */
export interface StateRow {
  tenant_id: string;
  subject: string;
  down: boolean;
  alert_id: string | null;
  pending: boolean;
}

/**
 * Alerts that follow a state (an OLT offline, a server in alert, a POP's mains out): raised when it is down
 * with no alert (after the rule's minimum duration), resolved when it is back.
 */
export async function reconcileStates<R extends StateRow>(
  m: EntityManager,
  rules: AlertRules,
  kind: AlertKind,
  rows: R[],
  raise: (row: R) => NewAlert,
  now: Date,
  tally: PassTally,
): Promise<void> {
  for (const r of rows) {
    const rule = rules.of(r.tenant_id, kind);
    if (r.alert_id) {
      if (!r.down && (await resolveAlert(m, r.alert_id, now, rule.notifyRecovery))) tally.resolved++;
      continue;
    }
    if (!r.down || !rule.enabled) {
      if (r.pending) await dropPending(m, r.tenant_id, kind, r.subject);
      continue;
    }
    if (!r.pending) await raiseOrWait(m, rules, raise(r), r.subject, now, tally);
  }
}

/** `EXISTS` of a pending condition of `kind` about `subject` (an SQL expression). */
const pendingSql = (kind: AlertKind, tenant: string, subject: string) =>
  `EXISTS (SELECT 1 FROM alert_pending p WHERE p.tenant_id = ${tenant} AND p.kind = '${kind}' AND p.subject = ${subject})`;

/** `LEFT JOIN` of the firing alert of `kind` about the target (an SQL expression for its id). */
const firingJoin = (kind: AlertKind, tenant: string, target: string, column = 'target_id') =>
  `LEFT JOIN alert a ON a.tenant_id = ${tenant} AND a.kind = '${kind}' AND a.state = 'firing' AND a.${column} = ${target}`;

/** OLTs the health check holds offline, and those with an alert or a pending condition to settle. */
export async function oltStates(
  m: EntityManager,
  rules: AlertRules,
  now: Date,
  tally: PassTally,
): Promise<void> {
  const rows: (StateRow & { id: string; name: string; last_error: string | null })[] = await m.query(
    `SELECT o.id, o.tenant_id, o.id::text AS subject, o.name, o.last_error, a.id AS alert_id,
            (o.show AND o.status = 'offline') AS down, ${pendingSql('olt-unreachable', 'o.tenant_id', 'o.id::text')} AS pending
       FROM olt o ${firingJoin('olt-unreachable', 'o.tenant_id', 'o.id', 'olt_id')}
      WHERE (o.show AND o.status = 'offline') OR a.id IS NOT NULL
         OR ${pendingSql('olt-unreachable', 'o.tenant_id', 'o.id::text')}`,
  );
  await reconcileStates(
    m,
    rules,
    'olt-unreachable',
    rows,
    (o) => ({
      tenantId: o.tenant_id,
      kind: 'olt-unreachable',
      dedupKey: `olt-unreachable:${o.id}:${now.getTime()}`,
      oltId: o.id,
      title: `OLT ${o.name} is not answering`,
      detail: o.last_error ? { error: o.last_error.slice(0, 200) } : {},
      openedAt: now,
    }),
    now,
    tally,
  );
}

/** Watched servers not answering or slower than their limit (the ping prober's state), and their recoveries. */
export async function serverStates(
  m: EntityManager,
  rules: AlertRules,
  now: Date,
  tally: PassTally,
): Promise<void> {
  const rows: (StateRow & {
    id: string;
    name: string;
    ip: string;
    alert_reason: 'slow' | 'no-answer' | null;
    latency_limit_ms: number;
  })[] = await m.query(
    `SELECT s.id, s.tenant_id, s.id::text AS subject, s.name, s.ip, s.alert_reason, s.latency_limit_ms,
            a.id AS alert_id, (s.state = 'alert') AS down,
            ${pendingSql('server-down', 's.tenant_id', 's.id::text')} AS pending
       FROM monitor_server s ${firingJoin('server-down', 's.tenant_id', 's.id')}
      WHERE s.state = 'alert' OR a.id IS NOT NULL OR ${pendingSql('server-down', 's.tenant_id', 's.id::text')}`,
  );
  await reconcileStates(
    m,
    rules,
    'server-down',
    rows,
    (s) => ({
      tenantId: s.tenant_id,
      kind: 'server-down',
      dedupKey: `server-down:${s.id}:${now.getTime()}`,
      oltId: null,
      targetType: 'server',
      targetId: s.id,
      title:
        s.alert_reason === 'slow'
          ? `Server ${s.name} (${s.ip}) slower than ${s.latency_limit_ms} ms`
          : `Server ${s.name} (${s.ip}) not answering`,
      detail: { ip: s.ip, reason: s.alert_reason ?? 'no-answer', latencyLimitMs: s.latency_limit_ms },
      openedAt: now,
    }),
    now,
    tally,
  );
}

/** POPs whose mains ('electric' source) went silent: one alert per outage, resolved when the mains is back. */
export async function popStates(
  m: EntityManager,
  rules: AlertRules,
  now: Date,
  tally: PassTally,
): Promise<void> {
  const rows: (StateRow & { id: string; pop_id: string; pop_name: string; ip: string; down_at: Date })[] =
    await m.query(
      `SELECT o.id, o.tenant_id, o.id::text AS subject, o.pop_id, p.name AS pop_name, o.ip, o.down_at,
              a.id AS alert_id, (o.up_at IS NULL) AS down,
              ${pendingSql('pop-power', 'o.tenant_id', 'o.id::text')} AS pending
         FROM pop_outage o
         JOIN pop p ON p.id = o.pop_id
         LEFT JOIN alert a ON a.tenant_id = o.tenant_id AND a.dedup_key = 'pop-power:' || o.id AND a.state = 'firing'
        WHERE o.type = 'electric'
          -- The outage log only grows: the open outages (a partial index), those of firing alerts and those
          -- pending, never a scan of the whole log.
          AND o.id IN (SELECT id FROM pop_outage WHERE up_at IS NULL
                       UNION SELECT (f.detail->>'outageId')::uuid FROM alert f
                              WHERE f.kind = 'pop-power' AND f.state = 'firing'
                       UNION SELECT w.subject::uuid FROM alert_pending w WHERE w.kind = 'pop-power')`,
    );
  await reconcileStates(
    m,
    rules,
    'pop-power',
    rows,
    (o) => ({
      tenantId: o.tenant_id,
      kind: 'pop-power',
      dedupKey: `pop-power:${o.id}`,
      oltId: null,
      targetType: 'pop',
      targetId: o.pop_id,
      title: `POP ${o.pop_name}: mains power down (${o.ip} silent)`,
      detail: { outageId: o.id, ip: o.ip, downAt: new Date(o.down_at).toISOString() },
      openedAt: now,
    }),
    now,
    tally,
  );
}

interface PortEvent {
  id: string;
  tenant_id: string;
  switch_id: string;
  port_id: string;
  kind: 'link-down' | 'link-up' | 'rx-low' | 'rx-ok';
  rx_dbm: number | null;
  port_name: string;
  switch_name: string;
  db_alert_range: number;
}

/**
 * Switch ports: a link going down or an rx falling below the switch's alert level (the switch poll's events)
 * raises an alert for that port and condition; the link back up or the rx back above resolves it.
 */
export async function switchPorts(
  m: EntityManager,
  rules: AlertRules,
  now: Date,
  tally: PassTally,
): Promise<void> {
  const events = await readSince<PortEvent>(
    m,
    'switch_port_event',
    `SELECT e.id, e.tenant_id, e.switch_id, e.port_id, e.kind, e.rx_dbm, p.name AS port_name,
            s.name AS switch_name, s.db_alert_range
       FROM switch_port_event e JOIN switch_port p ON p.id = e.port_id JOIN switch s ON s.id = e.switch_id
      WHERE e.id > $1 ORDER BY e.id LIMIT ${EVENTS_PER_PASS}`,
  );
  tally.events += events.length;
  const firingOf = async (e: PortEvent, condition: string) =>
    (
      (await m.query(
        `SELECT id FROM alert WHERE tenant_id = $1 AND kind = 'switch-port' AND state = 'firing' AND target_id = $2
            AND detail->>'portId' = $3 AND detail->>'condition' = $4`,
        [e.tenant_id, e.switch_id, e.port_id, condition],
      )) as { id: string }[]
    )[0];
  for (const e of events) {
    const condition = e.kind === 'link-down' || e.kind === 'link-up' ? 'link' : 'rx';
    const subject = `${e.port_id}:${condition}`;
    const rule = rules.of(e.tenant_id, 'switch-port');
    if (e.kind === 'link-up' || e.kind === 'rx-ok') {
      // A port that went dark while its rx was low comes back with no 'rx-ok' of its own: its link coming up
      // with a good rx ends that alert too.
      const over =
        e.kind === 'rx-ok' ||
        !(await stillDown(m, {
          kind: 'switch-port',
          subject: `${e.port_id}:rx`,
          olt_id: null,
          target_id: null,
        }))
          ? [condition, 'rx']
          : [condition];
      for (const c of new Set(over)) {
        await dropPending(m, e.tenant_id, 'switch-port', `${e.port_id}:${c}`);
        const firing = await firingOf(e, c);
        if (firing && (await resolveAlert(m, firing.id, now, rule.notifyRecovery))) tally.resolved++;
      }
      continue;
    }
    const firing = await firingOf(e, condition);
    if (firing || !rule.enabled) continue;
    const what =
      condition === 'link'
        ? 'link down'
        : `rx ${e.rx_dbm === null ? 'lost' : `${e.rx_dbm.toFixed(1)} dBm`}, below ${e.db_alert_range} dBm`;
    await raiseOrWait(
      m,
      rules,
      {
        tenantId: e.tenant_id,
        kind: 'switch-port',
        dedupKey: `switch-port:${subject}:${e.id}`,
        oltId: null,
        targetType: 'switch',
        targetId: e.switch_id,
        title: `Switch ${e.switch_name} port ${e.port_name}: ${what}`,
        detail: { portId: e.port_id, portName: e.port_name, condition, rxDbm: e.rx_dbm },
        openedAt: now,
      },
      subject,
      now,
      tally,
    );
  }
}

interface SignalRow {
  id: string;
  if_name: string;
  description: string | null;
  pon_port: number;
  rx_dbm: number | null;
  status: string;
}

/**
 * ONUs receiving less than their OLT's Db Alert Range: checked once after each poll of an OLT that has a range
 * (`checked`: the poll of each OLT checked by the passes committed so far; the polls this pass checks are added to
 * `checking`, for the caller to merge once the pass has committed). An ONU below the range raises its own alert (bursts are grouped
 * into one message by the dispatcher); it resolves once the ONU reads `ONU_SIGNAL_HYSTERESIS_DB` above the range,
 * or goes offline (its down alerts speak for it then).
 */
export async function onuSignals(
  m: EntityManager,
  rules: AlertRules,
  now: Date,
  tally: PassTally,
  checked: ReadonlyMap<string, number>,
  checking: Map<string, number>,
): Promise<void> {
  const olts: {
    id: string;
    tenant_id: string;
    name: string;
    range: number | null;
    polled_at: Date | null;
    firing: boolean;
  }[] = await m.query(
    `SELECT o.id, o.tenant_id, o.name, o.db_alert_range AS range, o.last_good_poll_at AS polled_at,
              EXISTS (SELECT 1 FROM alert a WHERE a.tenant_id = o.tenant_id AND a.kind = 'onu-signal'
                         AND a.state = 'firing' AND a.olt_id = o.id) AS firing
         FROM olt o WHERE o.show AND (o.db_alert_range IS NOT NULL OR EXISTS (
           SELECT 1 FROM alert a WHERE a.tenant_id = o.tenant_id AND a.kind = 'onu-signal' AND a.state = 'firing'
              AND a.olt_id = o.id))`,
  );
  for (const olt of olts) {
    const at = olt.polled_at ? new Date(olt.polled_at).getTime() : 0;
    if (checked.get(olt.id) === at) continue;
    checking.set(olt.id, at);
    const rule = rules.of(olt.tenant_id, 'onu-signal');
    const active = rule.enabled && olt.range !== null;
    const low: SignalRow[] = active
      ? await m.query(
          `SELECT id, if_name, description, pon_port, rx_dbm, status FROM onu
            WHERE olt_id = $1 AND status = 'online' AND rx_dbm < $2 ORDER BY pon_port, onu_id`,
          [olt.id, olt.range],
        )
      : [];
    const firing: { id: string; onu_ref: string }[] = olt.firing
      ? await m.query(
          `SELECT a.id, a.onu_ref FROM alert a
            WHERE a.tenant_id = $1 AND a.kind = 'onu-signal' AND a.state = 'firing' AND a.olt_id = $2`,
          [olt.tenant_id, olt.id],
        )
      : [];
    const firingByOnu = new Map(firing.map((f) => [f.onu_ref, f.id]));
    if (firing.length) {
      // Back above the range by the margin, gone offline, or no range (or rule) any more: over.
      const still: { id: string }[] = active
        ? await m.query(
            `SELECT id FROM onu WHERE id = ANY($1::uuid[]) AND status = 'online' AND rx_dbm < $2`,
            [firing.map((f) => f.onu_ref), (olt.range ?? 0) + ONU_SIGNAL_HYSTERESIS_DB],
          )
        : [];
      const kept = new Set(still.map((r) => r.id));
      for (const f of firing) {
        if (!kept.has(f.onu_ref) && (await resolveAlert(m, f.id, now, rule.notifyRecovery))) tally.resolved++;
      }
    }
    if (!active) continue;
    const lowIds = new Set(low.map((o) => o.id));
    // Pending ONUs whose rx came back before the minimum duration are dropped.
    await m.query(
      `DELETE FROM alert_pending WHERE tenant_id = $1 AND kind = 'onu-signal' AND olt_id = $2
          AND NOT (onu_ref = ANY($3::uuid[]))`,
      [olt.tenant_id, olt.id, [...lowIds]],
    );
    for (const o of low) {
      if (firingByOnu.has(o.id)) continue;
      const who = o.description ? `${o.if_name} (${o.description})` : o.if_name;
      await raiseOrWait(
        m,
        rules,
        {
          tenantId: olt.tenant_id,
          kind: 'onu-signal',
          dedupKey: `onu-signal:${o.id}:${now.getTime()}`,
          oltId: olt.id,
          ponPort: o.pon_port,
          onuRef: o.id,
          title: `ONU ${who} on ${olt.name}: rx ${Number(o.rx_dbm).toFixed(1)} dBm, below ${olt.range} dBm`,
          detail: { rxDbm: o.rx_dbm, rangeDbm: olt.range },
          openedAt: now,
        },
        o.id,
        now,
        tally,
      );
    }
  }
}

/** Whether a pending condition of these kinds still holds (its target is still down). */
export async function stillDown(
  m: EntityManager,
  p: { kind: AlertKind; subject: string; olt_id: string | null; target_id: string | null },
): Promise<boolean> {
  const one = async (sql: string, params: unknown[]) =>
    ((await m.query(sql, params)) as unknown[]).length > 0;
  switch (p.kind) {
    case 'olt-unreachable':
      return one(`SELECT 1 FROM olt WHERE id = $1 AND show AND status = 'offline'`, [p.olt_id]);
    case 'onu-signal':
      return one(
        `SELECT 1 FROM onu o JOIN olt t ON t.id = o.olt_id
          WHERE o.id::text = $1 AND o.status = 'online' AND o.rx_dbm < t.db_alert_range`,
        [p.subject],
      );
    case 'server-down':
      return one(`SELECT 1 FROM monitor_server WHERE id = $1 AND state = 'alert'`, [p.target_id]);
    case 'pop-power':
      return one(`SELECT 1 FROM pop_outage WHERE id::text = $1 AND up_at IS NULL`, [p.subject]);
    case 'switch-port': {
      const [portId, condition] = p.subject.split(':');
      return condition === 'link'
        ? one(`SELECT 1 FROM switch_port WHERE id = $1 AND link = 'down'`, [portId])
        : one(`SELECT 1 FROM switch_port WHERE id = $1 AND power = 'critical'`, [portId]);
    }
    default:
      return false;
  }
}
