import type { DataSource } from 'typeorm';
import type { PopOutageRow, PopSourcesChangedEvent, PopSourceType } from '@pondesk/contracts';
import { returnedRows } from '@pondesk/server-database';
import type { MinuteRow, ServerChange, SourceChange } from './ping-state';

/** Whole minutes between two times (an outage's length, or so far). */
export const downMinutes = (downAt: Date, upAt: Date | null, now: Date): number =>
  Math.max(0, Math.floor(((upAt ?? now).getTime() - downAt.getTime()) / 60_000));

const SAMPLES = `INSERT INTO ping_sample (target_id, at, rtt_ms)
  SELECT t, to_timestamp(a / 1000.0), r FROM unnest($1::uuid[], $2::float8[], $3::real[]) AS u(t, a, r)`;

// Rollups add to what is there: a minute written in part (a prober that stopped, a late result) adds up.
const MINUTES = `INSERT INTO ping_minute AS m (target_id, minute, sent, received, min_ms, avg_ms, max_ms)
  SELECT t, to_timestamp(mi / 1000.0), s, r, lo, av, hi
  FROM unnest($1::uuid[], $2::float8[], $3::int[], $4::int[], $5::real[], $6::real[], $7::real[])
    AS u(t, mi, s, r, lo, av, hi)
  ON CONFLICT (target_id, minute) DO UPDATE SET
    sent = LEAST(m.sent + EXCLUDED.sent, 32767),
    received = LEAST(m.received + EXCLUDED.received, 32767),
    min_ms = LEAST(m.min_ms, EXCLUDED.min_ms),
    max_ms = GREATEST(m.max_ms, EXCLUDED.max_ms),
    avg_ms = CASE WHEN m.received + EXCLUDED.received = 0 THEN NULL
      ELSE (COALESCE(m.avg_ms * m.received, 0) + COALESCE(EXCLUDED.avg_ms * EXCLUDED.received, 0))
        / (m.received + EXCLUDED.received) END`;

const SERVER_STATES = `UPDATE monitor_server AS s SET state = u.state, alert_reason = u.reason, state_since = u.since
  FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[]) AS u(id, state, reason, since)
  WHERE s.id = u.id`;

const SOURCE_STATES = `UPDATE pop_source AS s SET state = u.state, state_since = u.since, last_reply_at = u.reply
  FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::timestamptz[]) AS u(id, state, since, reply)
  WHERE s.id = u.id`;

const LAST_REPLIES = `UPDATE pop_source AS s SET last_reply_at = u.reply
  FROM unnest($1::uuid[], $2::timestamptz[]) AS u(id, reply)
  WHERE s.id = u.id AND (s.last_reply_at IS NULL OR s.last_reply_at < u.reply)`;

// A source deleted meanwhile gets no outage; one already open (one per source) is kept.
const OPEN_OUTAGES = `INSERT INTO pop_outage (id, tenant_id, source_id, pop_id, ip, type, down_at)
  SELECT u.id, s.tenant_id, s.id, u.pop, u.ip, u.type, u.down
  FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::timestamptz[])
    AS u(id, source, pop, ip, type, down)
  JOIN pop_source s ON s.id = u.source
  ON CONFLICT (source_id) WHERE up_at IS NULL DO NOTHING`;

const CLOSE_OUTAGES = `UPDATE pop_outage AS o SET up_at = u.up
  FROM unnest($1::uuid[], $2::timestamptz[]) AS u(source, up)
  WHERE o.source_id = u.source AND o.up_at IS NULL AND o.down_at <= u.up
  RETURNING o.id, o.source_id, o.pop_id, o.ip, o.type, o.down_at, o.up_at`;

/**
 * A Postgres array literal of ids (uuids) or numbers, which need no quoting: what the driver would build
 * element by element, in one join.
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : v)).join(',')}}`;
}

interface OutageRecord {
  id: string;
  source_id: string;
  pop_id: string;
  ip: string;
  type: PopSourceType;
  down_at: Date;
  up_at: Date | null;
}

/** The prober's writes: each a single statement over arrays, whatever the number of rows. */
export class PingStore {
  constructor(private readonly db: DataSource) {}

  async insertSamples(samples: {
    targetIds: string[];
    ats: number[];
    rtts: (number | null)[];
  }): Promise<void> {
    if (!samples.targetIds.length) return;
    // Thousands of rows a second: the arrays go as their literals, built in one join each.
    await this.db.query(SAMPLES, [
      arrayLiteral(samples.targetIds),
      arrayLiteral(samples.ats),
      arrayLiteral(samples.rtts),
    ]);
  }

  async upsertMinutes(rows: readonly MinuteRow[]): Promise<void> {
    if (!rows.length) return;
    const col = <T>(pick: (r: MinuteRow) => T): T[] => rows.map(pick);
    await this.db.query(MINUTES, [
      arrayLiteral(col((r) => r.targetId)),
      arrayLiteral(col((r) => r.minute)),
      arrayLiteral(col((r) => r.sent)),
      arrayLiteral(col((r) => r.received)),
      arrayLiteral(col((r) => r.minMs)),
      arrayLiteral(col((r) => r.avgMs)),
      arrayLiteral(col((r) => r.maxMs)),
    ]);
  }

  async updateServers(changes: readonly ServerChange[]): Promise<void> {
    if (!changes.length) return;
    await this.db.query(SERVER_STATES, [
      changes.map((c) => c.id),
      changes.map((c) => c.state),
      changes.map((c) => c.alertReason),
      changes.map((c) => c.stateSince.toISOString()),
    ]);
  }

  async updateLastReplies(rows: readonly { id: string; at: Date }[]): Promise<void> {
    if (!rows.length) return;
    await this.db.query(LAST_REPLIES, [rows.map((r) => r.id), rows.map((r) => r.at.toISOString())]);
  }

  /**
   * Writes power-source changes (in one transaction: the outages they open and close, and the sources'
   * state) and returns what to publish, per tenant, with each outage as stored. Changes are written in
   * their order: a source that went down and came back within one batch has its outage opened, then closed.
   */
  async applySourceChanges(
    changes: readonly SourceChange[],
    now: Date,
  ): Promise<Map<string, PopSourcesChangedEvent>> {
    const events = new Map<string, PopSourcesChangedEvent>();
    if (!changes.length) return events;
    // Runs in which each source changes once, written one after the other.
    const phases: SourceChange[][] = [[]];
    for (const c of changes) {
      if (phases[phases.length - 1].some((p) => p.id === c.id)) phases.push([]);
      phases[phases.length - 1].push(c);
    }
    const records = new Map<SourceChange, OutageRecord>();
    await this.db.transaction(async (tx) => {
      for (const phase of phases) {
        const opens = phase.flatMap((c) => (c.opened ? [{ c, o: c.opened }] : []));
        const closes = phase.flatMap((c) => (c.closed ? [{ c, upAt: c.closed.upAt }] : []));
        if (closes.length) {
          const rows = returnedRows<OutageRecord>(
            await tx.query(CLOSE_OUTAGES, [
              closes.map(({ c }) => c.id),
              closes.map(({ upAt }) => upAt.toISOString()),
            ]),
          );
          const bySource = new Map(rows.map((r) => [r.source_id, r]));
          for (const { c } of closes) {
            const r = bySource.get(c.id);
            if (r) records.set(c, r);
          }
        }
        if (opens.length) {
          await tx.query(OPEN_OUTAGES, [
            opens.map(({ o }) => o.id),
            opens.map(({ c }) => c.id),
            opens.map(({ o }) => o.popId),
            opens.map(({ o }) => o.ip),
            opens.map(({ o }) => o.type),
            opens.map(({ o }) => o.downAt.toISOString()),
          ]);
          // The open outage of each source as stored now: its own, or one that was open already.
          const rows: OutageRecord[] = await tx.query(
            `SELECT id, source_id, pop_id, ip, type, down_at, up_at FROM pop_outage
             WHERE source_id = ANY($1::uuid[]) AND up_at IS NULL`,
            [opens.map(({ c }) => c.id)],
          );
          const bySource = new Map(rows.map((r) => [r.source_id, r]));
          for (const { c } of opens) {
            const r = bySource.get(c.id);
            if (r) records.set(c, r);
          }
        }
        await tx.query(SOURCE_STATES, [
          phase.map((c) => c.id),
          phase.map((c) => c.state),
          phase.map((c) => c.stateSince.toISOString()),
          phase.map((c) => c.lastReplyAt?.toISOString() ?? null),
        ]);
      }
    });
    for (const c of changes) {
      const record = records.get(c);
      const outage: PopOutageRow | null = record
        ? {
            id: record.id,
            sourceId: c.id,
            popId: record.pop_id,
            popName: c.popName,
            ip: record.ip,
            type: record.type,
            downAt: record.down_at.toISOString(),
            upAt: record.up_at?.toISOString() ?? null,
            downMinutes: downMinutes(record.down_at, record.up_at, now),
          }
        : null;
      const event = events.get(c.tenantId) ?? { at: now.toISOString(), sources: [] };
      event.sources.push({
        id: c.id,
        popId: c.popId,
        state: c.state,
        stateSince: c.stateSince.toISOString(),
        lastReplyAt: c.lastReplyAt?.toISOString() ?? null,
        outage,
      });
      events.set(c.tenantId, event);
    }
    return events;
  }
}
