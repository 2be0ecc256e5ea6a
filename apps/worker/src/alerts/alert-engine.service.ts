import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ONU_DOWN_REASON_LABELS,
  type AlertKind,
  type AlertTargetType,
  type OnuDownReasonCode,
  type PonOutageParams,
} from '@pondesk/contracts';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { AlertDispatcher } from './alert-dispatcher.service';
import { AlertRules } from './alert-rules';
import {
  EVENTS_PER_PASS,
  addPending,
  dropPending,
  oltStates,
  onuSignals,
  popStates,
  readSince,
  serverStates,
  stillDown,
  switchPorts,
  type PassTally,
} from './alert-sources';
import { paymentsDue } from './payment-alerts';
import { PeriodicTask } from './periodic-task';
import { openAlert, resolveAlert, type NewAlert } from './alert-writer';

/** One `pg_try_advisory_xact_lock` key: one engine evaluates at a time, whichever worker it runs in. */
export const ENGINE_LOCK_KEY = 0x70_6e_64_61; // 'pnda'

interface StatusEvent {
  id: string;
  tenant_id: string;
  olt_id: string;
  pon_port: number;
  onu_ref: string;
  to_status: string;
  reason: OnuDownReasonCode | null;
  occurred_at: Date;
}

export interface PonStats {
  olt_id: string;
  pon_port: number;
  tenant_id: string;
  olt_name: string;
  total: number;
  offline: number;
  recent: number;
  reasons: Record<string, number>;
}

interface PendingRow {
  tenant_id: string;
  kind: AlertKind;
  subject: string;
  dedup_key: string;
  olt_id: string | null;
  pon_port: number | null;
  onu_ref: string | null;
  target_type: AlertTargetType | null;
  target_id: string | null;
  since: Date;
  detail: Record<string, unknown>;
}

export type EnginePass = PassTally;

/**
 * Turns what the pollers stored into alerts. Every few seconds one pass (one worker at a time, in one
 * transaction) reads the ONU status events stored since the last pass and the OLTs' reachability:
 * - **PON outage**: many ONUs of one PON down within a short window make one alert for the PON, with the
 *   reasons counted (`power` for dying gasps, `fibre` for LOS); it resolves when most of them are back.
 *   While one is firing, its ONUs raise no alerts of their own.
 * - **ONU down** (off by default): one ONU down with a chosen reason for the rule's minimum duration.
 * - **OLT unreachable**: the health check took the OLT offline; resolves when it answers again.
 * - **Payment due**: an OLT's or switch's package about to expire, then expired (`payment-alerts.ts`).
 * A condition that must hold a while first waits in `alert_pending`. An alert, its deliveries and the read
 * cursor are committed together: a worker that dies mid-pass leaves nothing half done, and the next pass
 * reads the same events again.
 */
@Injectable()
export class AlertEngine implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AlertEngine.name);
  /** The poll of each OLT whose ONUs' signal a committed pass last checked (epoch ms of its last good poll). */
  private readonly signalPolls = new Map<string, number>();
  private readonly passes = new PeriodicTask(
    async () => {
      const r = await this.pass();
      if (r && (r.opened || r.resolved)) this.dispatcher.kick();
    },
    (message) => this.logger.warn(`alert pass failed: ${message}`),
  );

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly dispatcher: AlertDispatcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.passes.start(this.config.ALERT_EVALUATE_INTERVAL_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.passes.stop();
  }

  /** One evaluation; null when another worker's pass holds the lock. */
  async pass(now = new Date()): Promise<EnginePass | null> {
    const checking = new Map<string, number>();
    const tally = await this.db.transaction(async (m) => {
      const [{ locked }]: { locked: boolean }[] = await m.query(
        `SELECT pg_try_advisory_xact_lock($1) AS locked`,
        [ENGINE_LOCK_KEY],
      );
      if (!locked) return null;
      const rules = await AlertRules.load(m);
      const events = await readSince<StatusEvent>(
        m,
        'onu_status_event',
        `SELECT id, tenant_id, olt_id, pon_port, onu_ref, to_status, reason, occurred_at FROM onu_status_event
          WHERE id > $1 ORDER BY id LIMIT ${EVENTS_PER_PASS}`,
      );
      const tally: PassTally = { events: events.length, opened: 0, resolved: 0 };
      const count = (opened: boolean) => (opened ? tally.opened++ : undefined);
      await this.pons(m, rules, events, now, tally, count);
      await this.onus(m, rules, events, now, tally, count);
      await oltStates(m, rules, now, tally);
      await onuSignals(m, rules, now, tally, this.signalPolls, checking);
      await switchPorts(m, rules, now, tally);
      await serverStates(m, rules, now, tally);
      await popStates(m, rules, now, tally);
      await paymentsDue(m, rules, now, tally);
      await this.promote(m, rules, now, count);
      return tally;
    });
    // Only a committed pass's checks count: one rolled back leaves those OLTs to be checked again.
    for (const [olt, at] of checking) this.signalPolls.set(olt, at);
    return tally;
  }

  /** PON outages: raised for PONs that lost many ONUs lately, resolved when most are back. */
  private async pons(
    m: EntityManager,
    rules: AlertRules,
    events: StatusEvent[],
    now: Date,
    tally: EnginePass,
    count: (opened: boolean) => void,
  ): Promise<void> {
    const news = new Map<string, { olt: string; pon: number; tenant: string }>();
    for (const e of events) {
      news.set(`${e.olt_id}:${e.pon_port}`, { olt: e.olt_id, pon: e.pon_port, tenant: e.tenant_id });
    }
    if (!news.size) return;
    // PONs that lost an ONU may be starting an outage; PONs with one firing may be over it (whether the rule
    // is still on or not). The others need no counting.
    const firing = await firingBySubject(m, 'pon-outage', [...news.keys()]);
    const lost = new Set(
      events.filter((e) => e.to_status === 'offline').map((e) => `${e.olt_id}:${e.pon_port}`),
    );
    const touched = new Map([...news].filter(([k]) => firing.has(k) || lost.has(k)));
    if (!touched.size) return;
    const pending = await pendingBySubject(m, 'pon-outage', [...touched.keys()]);
    const windowOf = (tenant: string) => rules.of(tenant, 'pon-outage').params.windowSeconds;
    const stats = await ponStats(m, [...touched.values()], now, windowOf);
    for (const s of stats) {
      const subject = `${s.olt_id}:${s.pon_port}`;
      const rule = rules.of(s.tenant_id, 'pon-outage');
      const alert = firing.get(subject);
      if (alert) {
        const down = Number(alert.detail.down ?? 0);
        if (s.offline <= Math.floor(down * (1 - rule.params.recoveredShare))) {
          const done = await resolveAlert(m, alert.id, now, rule.notifyRecovery, { back: down - s.offline });
          if (done) tally.resolved++;
        }
        continue;
      }
      const outage = rule.enabled && isOutage(s, rule.params);
      if (!outage) {
        if (pending.has(subject)) await dropPending(m, s.tenant_id, 'pon-outage', subject);
        continue;
      }
      if (pending.has(subject)) continue;
      const detail = outageDetail(s);
      const raise: NewAlert = {
        tenantId: s.tenant_id,
        kind: 'pon-outage',
        dedupKey: `pon-outage:${subject}:${now.getTime()}`,
        oltId: s.olt_id,
        ponPort: s.pon_port,
        title: outageTitle(s, detail.cause),
        detail,
        openedAt: now,
      };
      if (rule.minDurationSeconds > 0) await addPending(m, raise, subject, now);
      else count(!!(await openAlert(m, raise)));
    }
  }

  /** Single ONUs down with a chosen reason: pending first, raised if still down after the minimum duration. */
  private async onus(
    m: EntityManager,
    rules: AlertRules,
    events: StatusEvent[],
    now: Date,
    tally: EnginePass,
    count: (opened: boolean) => void,
  ): Promise<void> {
    const back = events.filter((e) => e.to_status === 'online').map((e) => e.onu_ref);
    if (back.length) {
      await m.query(`DELETE FROM alert_pending WHERE kind = 'onu-down' AND onu_ref = ANY($1::uuid[])`, [
        back,
      ]);
      const firing: { id: string; tenant_id: string }[] = await m.query(
        `SELECT id, tenant_id FROM alert WHERE state = 'firing' AND kind = 'onu-down' AND onu_ref = ANY($1::uuid[])`,
        [back],
      );
      for (const a of firing) {
        const rule = rules.of(a.tenant_id, 'onu-down');
        if (await resolveAlert(m, a.id, now, rule.notifyRecovery)) tally.resolved++;
      }
    }
    for (const e of events) {
      if (e.to_status !== 'offline') continue;
      const rule = rules.of(e.tenant_id, 'onu-down');
      if (!rule.enabled || !rule.params.reasons.includes(e.reason ?? 'unknown')) continue;
      const raise: NewAlert = {
        tenantId: e.tenant_id,
        kind: 'onu-down',
        dedupKey: `onu-down:${e.onu_ref}:${e.id}`,
        oltId: e.olt_id,
        ponPort: e.pon_port,
        onuRef: e.onu_ref,
        title: '',
        detail: { reason: e.reason ?? 'unknown' },
        openedAt: now,
      };
      if (rule.minDurationSeconds > 0) await addPending(m, raise, e.onu_ref, e.occurred_at);
      else count(await this.openOnuDown(m, raise, now));
    }
  }

  /** An ONU-down alert, unless the ONU is back or its PON's outage speaks for it. */
  private async openOnuDown(m: EntityManager, a: NewAlert, now: Date): Promise<boolean> {
    const [onu]: { status: string; if_name: string; description: string | null; olt_name: string }[] =
      await m.query(
        `SELECT o.status, o.if_name, o.description, t.name AS olt_name FROM onu o JOIN olt t ON t.id = o.olt_id
          WHERE o.id = $1`,
        [a.onuRef],
      );
    if (onu?.status !== 'offline') return false;
    const outage: unknown[] = await m.query(
      `SELECT 1 FROM alert WHERE state = 'firing' AND kind = 'pon-outage' AND tenant_id = $1 AND olt_id = $2
          AND pon_port = $3 LIMIT 1`,
      [a.tenantId, a.oltId, a.ponPort],
    );
    if (outage.length) return false;
    const reason = String(a.detail.reason) as OnuDownReasonCode;
    const who = onu.description ? `${onu.if_name} (${onu.description})` : onu.if_name;
    const opened = await openAlert(m, {
      ...a,
      openedAt: now,
      title: `ONU ${who} on ${onu.olt_name} down: ${ONU_DOWN_REASON_LABELS[reason] ?? reason}`,
    });
    return !!opened;
  }

  /** Pending conditions that have held for their rule's minimum duration: raised if they still hold. */
  private async promote(
    m: EntityManager,
    rules: AlertRules,
    now: Date,
    count: (opened: boolean) => void,
  ): Promise<void> {
    const due: PendingRow[] = await m.query(
      `SELECT tenant_id, kind, subject, dedup_key, olt_id, pon_port, onu_ref, target_type, target_id, since, detail
         FROM alert_pending ORDER BY since LIMIT 5000`,
    );
    for (const p of due) {
      const rule = rules.of(p.tenant_id, p.kind);
      if (!rule.enabled) {
        await dropPending(m, p.tenant_id, p.kind, p.subject);
        continue;
      }
      if (now.getTime() - new Date(p.since).getTime() < rule.minDurationSeconds * 1000) continue;
      await dropPending(m, p.tenant_id, p.kind, p.subject);
      const raise: NewAlert = {
        tenantId: p.tenant_id,
        kind: p.kind,
        dedupKey: p.dedup_key,
        oltId: p.olt_id,
        ponPort: p.pon_port,
        onuRef: p.onu_ref,
        targetType: p.target_type,
        targetId: p.target_id,
        title: String(p.detail.title ?? ''),
        detail: p.detail,
        openedAt: now,
      };
      if (p.kind === 'onu-down') {
        count(await this.openOnuDown(m, raise, now));
      } else if (p.kind === 'pon-outage' && p.olt_id && p.pon_port !== null) {
        const params = rules.of(p.tenant_id, 'pon-outage').params;
        // Still an outage, counted over the window and the wait together.
        const [s] = await ponStats(
          m,
          [{ olt: p.olt_id, pon: p.pon_port, tenant: p.tenant_id }],
          now,
          () => params.windowSeconds + rule.minDurationSeconds,
        );
        if (s && isOutage(s, params)) {
          const detail = outageDetail(s);
          count(!!(await openAlert(m, { ...raise, title: outageTitle(s, detail.cause), detail })));
        }
      } else if (await stillDown(m, p)) {
        count(!!(await openAlert(m, raise)));
      }
    }
  }
}

/** Each PON's ONUs now: how many, how many offline, how many went offline within the window and why. */
async function ponStats(
  m: EntityManager,
  pons: { olt: string; pon: number; tenant: string }[],
  now: Date,
  windowSeconds: (tenantId: string) => number,
): Promise<PonStats[]> {
  if (!pons.length) return [];
  // One scan of these PONs' ONUs, counted by state and down reason, then summed per PON.
  return m.query(
    `SELECT s.olt_id, s.pon_port, t.tenant_id, t.name AS olt_name,
            sum(s.n)::int AS total,
            coalesce(sum(s.n) FILTER (WHERE s.offline), 0)::int AS offline,
            sum(s.recent)::int AS recent,
            coalesce(jsonb_object_agg(s.reason, s.n) FILTER (WHERE s.offline), '{}') AS reasons
       FROM (SELECT o.olt_id, o.pon_port, o.status = 'offline' AS offline, coalesce(o.reason, 'unknown') AS reason,
                    count(*) AS n,
                    count(*) FILTER (WHERE o.status = 'offline'
                                       AND o.status_changed_at >= $4::timestamptz - make_interval(secs => p.win)) AS recent
               FROM unnest($1::uuid[], $2::int[], $3::int[]) AS p(olt_id, pon_port, win)
               JOIN onu o ON o.olt_id = p.olt_id AND o.pon_port = p.pon_port
              GROUP BY o.olt_id, o.pon_port, p.win, o.status = 'offline', coalesce(o.reason, 'unknown')) s
       JOIN olt t ON t.id = s.olt_id
      GROUP BY s.olt_id, s.pon_port, t.tenant_id, t.name`,
    [pons.map((p) => p.olt), pons.map((p) => p.pon), pons.map((p) => windowSeconds(p.tenant)), now],
  );
}

export function isOutage(s: PonStats, p: PonOutageParams): boolean {
  return s.total > 0 && s.recent >= p.minOnus && s.recent / s.total >= p.minShare;
}

/** What took a PON's ONUs down: `fibre` (LOS), `power` (dying gasp / power off), or a mix. */
export function outageDetail(s: PonStats): {
  down: number;
  total: number;
  reasons: Record<string, number>;
  cause: 'fibre' | 'power' | 'mixed';
} {
  const reasons = s.reasons;
  const los = reasons['los'] ?? 0;
  const power = reasons['power-off'] ?? 0;
  const cause = los >= s.offline * 0.6 ? 'fibre' : power >= s.offline * 0.6 ? 'power' : 'mixed';
  return { down: s.offline, total: s.total, reasons, cause };
}

function outageTitle(s: PonStats, cause: 'fibre' | 'power' | 'mixed'): string {
  const why = cause === 'fibre' ? 'fibre (LOS)' : cause === 'power' ? 'power (dying gasp)' : 'mixed reasons';
  return `PON ${s.pon_port} on ${s.olt_name}: ${s.offline} of ${s.total} ONUs down, ${why}`;
}

async function firingBySubject(
  m: EntityManager,
  kind: AlertKind,
  subjects: string[],
): Promise<Map<string, { id: string; detail: Record<string, unknown> }>> {
  const rows: { id: string; subject: string; detail: Record<string, unknown> }[] = await m.query(
    `SELECT id, olt_id::text || ':' || pon_port AS subject, detail FROM alert
      WHERE state = 'firing' AND kind = $1 AND olt_id::text || ':' || pon_port = ANY($2::text[])`,
    [kind, subjects],
  );
  return new Map(rows.map((r) => [r.subject, r]));
}

async function pendingBySubject(m: EntityManager, kind: AlertKind, subjects: string[]): Promise<Set<string>> {
  const rows: { subject: string }[] = await m.query(
    `SELECT subject FROM alert_pending WHERE kind = $1 AND subject = ANY($2::text[])`,
    [kind, subjects],
  );
  return new Set(rows.map((r) => r.subject));
}
