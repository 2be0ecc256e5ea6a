import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { parsePppoeIds } from '@pondesk/contracts';
import { onuLastSeenSql, refreshOltStats } from '@pondesk/server-database';
import {
  READING_DEADBAND,
  onuKey,
  planPoll,
  rowNeedsWrite,
  type PolledOnu,
  type StatusChange,
  type StoredOnuRow,
} from './poll-diff';
import { Slots } from './slots';

/**
 * Poll writes in flight per worker. Many OLTs are walked at once (POLL_CONCURRENCY), but their writes
 * are CPU work for Postgres on the same few cores: more at once only adds contention, and waiting here
 * cannot time out the way waiting for a pooled connection does.
 */
export const POLL_WRITES_AT_ONCE = 4;

export interface AppliedPoll {
  total: number;
  online: number;
  offline: number;
  samples: number;
  removed: number;
  changes: (StatusChange & { onuRef: string; ifName: string; pppoeIds: string[] })[];
}

interface OltRef {
  id: string;
  tenantId: string;
}

const col = <T>(rows: PolledOnu[], pick: (o: PolledOnu) => T) => rows.map(pick);

/** One ONU row the upsert writes: the reading, its PPPoE ids, whether a sample is taken, when its status changed. */
interface RowWrite {
  onu: PolledOnu;
  pppoe: string[];
  sampled: boolean;
  changed: Date;
}

/** A reading the poll brings that moved past its deadband from the stored one (a reading lost or gained counts). */
const moved = (column: keyof typeof READING_DEADBAND) =>
  `(EXCLUDED.${column} IS NOT NULL AND (o.${column} IS NULL OR abs(o.${column} - EXCLUDED.${column}) >= ${READING_DEADBAND[column]}))`;
const lost = (column: keyof typeof READING_DEADBAND) =>
  `(EXCLUDED.${column} IS NULL AND o.${column} IS NOT NULL)`;

/** The readings a poll may also lose (distance keeps its last value). */
const READINGS = ['rx_dbm', 'tx_dbm', 'temperature_c', 'voltage_v', 'bias_ma'] as const;

/**
 * The stored row is rewritten only when something in it moves: status, reason, names, identity, a reading
 * past its deadband, or a new signal sample. The worker applies the same rules first (`rowNeedsWrite`) and
 * sends only those rows; this condition stays the authority on the stored values. An unchanged ONU costs
 * no write at all; its "last seen" is its OLT's last good poll (see `onuLastSeenSql`).
 *
 * A rewritten row keeps the readings that stayed within their deadband, and an ONU online before and
 * after keeps its `last_seen_at`: a row rewritten only for a new signal sample then changes no indexed
 * column, and Postgres updates it in place on its page (a HOT update, no new index entries; the table
 * leaves room on its pages for that, see migration OnuHotUpdates).
 */
const ROW_MOVED = [
  'o.status IS DISTINCT FROM EXCLUDED.status',
  'o.if_name IS DISTINCT FROM EXCLUDED.if_name',
  '(EXCLUDED.mac IS NOT NULL AND o.mac IS DISTINCT FROM EXCLUDED.mac)',
  '(EXCLUDED.serial IS NOT NULL AND o.serial IS DISTINCT FROM EXCLUDED.serial)',
  'o.description IS DISTINCT FROM EXCLUDED.description',
  '(NOT o.pppoe_manual AND o.pppoe_ids IS DISTINCT FROM EXCLUDED.pppoe_ids)',
  "(EXCLUDED.status = 'offline' AND (o.reason IS DISTINCT FROM EXCLUDED.reason OR o.reason_raw IS DISTINCT FROM EXCLUDED.reason_raw))",
  '(EXCLUDED.vendor IS NOT NULL AND o.vendor IS DISTINCT FROM EXCLUDED.vendor)',
  '(EXCLUDED.model IS NOT NULL AND o.model IS DISTINCT FROM EXCLUDED.model)',
  'EXCLUDED.sampled_at IS NOT NULL',
  ...READINGS.flatMap((c) => [moved(c), lost(c)]),
  moved('distance_m'),
].join('\n           OR ');

/**
 * Writes one poll's result in a single transaction with set-based SQL (one statement per table, whatever
 * the ONU count). Re-running the same poll (a retried job) changes nothing: samples are keyed by
 * (onu, poll time) and status events only follow a stored status that differs.
 */
@Injectable()
export class OnuStore {
  private readonly writes = new Slots(POLL_WRITES_AT_ONCE);

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Applies a full poll, or with `ponPort` a read of that one PON port (the other ports' rows are left
   * alone and the OLT's last-poll fields are not touched).
   */
  async applyPoll(
    olt: OltRef,
    polled: PolledOnu[],
    pollTime: Date,
    durationMs: number,
    ponPortCount: number | null,
    ponPort?: number,
  ): Promise<AppliedPoll> {
    // A device listing an ONU twice would make the upsert touch one row twice, which Postgres refuses.
    polled = [...new Map(polled.map((p) => [onuKey(p), p])).values()];
    if (ponPort !== undefined) polled = polled.filter((p) => p.ponPort === ponPort);
    return this.writes.run(() =>
      this.db.transaction(async (tx) => {
        // One poll per OLT at a time, also across workers and retries.
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [olt.id]);
        // An online ONU whose row no poll rewrote since was seen at the OLT's last good poll.
        const [{ lastGood }]: { lastGood: Date | null }[] = await tx.query(
          'SELECT last_good_poll_at AS "lastGood" FROM olt WHERE id = $1',
          [olt.id],
        );
        const stored: StoredOnuRow[] = (
          await tx.query(
            `SELECT id, pon_port AS "ponPort", onu_id AS "onuId", status, sampled_rx_dbm AS "sampledRxDbm", sampled_at AS "sampledAt",
             ${onuLastSeenSql('', '$3::timestamptz')} AS "lastSeenAt",
             if_name AS "ifName", mac, serial, description, pppoe_ids AS "pppoeIds", pppoe_manual AS "pppoeManual",
             reason, reason_raw AS "reasonRaw", vendor, model, rx_dbm AS "rxDbm", tx_dbm AS "txDbm",
             temperature_c AS "temperatureC", voltage_v AS "voltageV", bias_ma AS "biasMa", distance_m AS "distanceM"
           FROM onu WHERE olt_id = $1 AND ($2::int IS NULL OR pon_port = $2)`,
            [olt.id, ponPort ?? null, lastGood],
          )
        ).map((r: StoredOnuRow) => ({
          ...r,
          sampledAt: r.sampledAt ? new Date(r.sampledAt) : null,
          lastSeenAt: r.lastSeenAt ? new Date(r.lastSeenAt) : null,
        }));
        const plan = planPoll(stored, polled, pollTime);
        const sampled = polled.map((o) => plan.sampleKeys.has(onuKey(o)));
        // A status change is dated when it happened (the OLT's down time when plausible), not when we looked.
        const changedAt = new Map(plan.changes.map((c) => [onuKey(c), c.at]));
        // Only new ONUs and those with something to write go to the upsert; most of a steady poll stays here.
        const byKey = new Map(stored.map((r) => [onuKey(r), r]));
        const writes: RowWrite[] = [];
        polled.forEach((o, i) => {
          const pppoe = parsePppoeIds(o.description, [o.ifName, o.serial, o.mac]);
          const was = byKey.get(onuKey(o));
          if (!was || rowNeedsWrite(was, o, pppoe, sampled[i]))
            writes.push({
              onu: o,
              pppoe,
              sampled: sampled[i],
              changed: changedAt.get(onuKey(o)) ?? pollTime,
            });
        });
        const written = await this.upsert(tx, olt, writes, pollTime, lastGood);
        // Rows left alone keep their ids; written ones (new, or moved) come back from the upsert.
        const ids = new Map([...stored.map((s): [string, string] => [onuKey(s), s.id]), ...written.ids]);
        const pppoe = written.pppoe;
        const samples = await this.insertSamples(tx, olt, polled, sampled, ids, pollTime);
        const polledByKey = new Map(polled.map((p) => [onuKey(p), p]));
        const changes = plan.changes.flatMap((c) => {
          const o = polledByKey.get(onuKey(c));
          const onuRef = ids.get(onuKey(c));
          if (!o || !onuRef) return [];
          return {
            ...c,
            onuRef,
            ifName: o.ifName,
            pppoeIds: pppoe.get(onuKey(c)) ?? [],
          };
        });
        await this.insertEvents(tx, olt, changes);
        if (plan.vanished.length)
          await tx.query('DELETE FROM onu WHERE id = ANY($1::uuid[])', [plan.vanished.map((v) => v.id)]);
        // The OLT's counts and figures move in the same transaction as its ONUs.
        const stats = (await refreshOltStats(tx, [olt.id])).get(olt.id);
        const total = stats?.total ?? 0;
        const online = stats?.online ?? 0;
        if (ponPort === undefined)
          await tx.query(
            `UPDATE olt SET last_polled_at = $2, last_good_poll_at = $2, last_poll_duration_ms = $3,
             pon_port_count = COALESCE($4, pon_port_count), last_error = NULL WHERE id = $1`,
            [olt.id, pollTime, durationMs, ponPortCount],
          );
        return {
          total,
          online,
          offline: total - online,
          samples,
          removed: plan.vanished.length,
          changes,
        };
      }),
    );
  }

  private async upsert(
    tx: EntityManager,
    olt: OltRef,
    writes: RowWrite[],
    at: Date,
    lastGood: Date | null,
  ): Promise<{ ids: Map<string, string>; pppoe: Map<string, string[]> }> {
    if (!writes.length) return { ids: new Map(), pppoe: new Map() };
    const rows = writes.map((w) => w.onu);
    const result: { id: string; pon_port: number; onu_id: number; pppoe_ids: string[] }[] = await tx.query(
      `INSERT INTO onu AS o (tenant_id, olt_id, pon_port, onu_id, if_name, mac, serial, description, pppoe_ids, status, reason, reason_raw,
         rx_dbm, tx_dbm, temperature_c, voltage_v, bias_ma, distance_m, vendor, model, last_seen_at, status_changed_at, last_down_at,
         sampled_rx_dbm, sampled_at)
       SELECT $1, $2, u.pon_port, u.onu_id, u.if_name, u.mac, u.serial, u.description,
         COALESCE(string_to_array(NULLIF(u.pppoe, ''), ','), '{}'), u.status, u.reason, u.reason_raw,
         u.rx, u.tx, u.temp, u.volt, u.bias, u.dist, u.vendor, u.model,
         CASE WHEN u.status = 'online' THEN $3::timestamptz END, u.changed,
         CASE WHEN u.status = 'offline' THEN u.changed END,
         CASE WHEN u.sampled THEN u.rx END, CASE WHEN u.sampled THEN $3::timestamptz END
       FROM unnest($4::int[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[],
                   $14::real[], $15::real[], $16::real[], $17::real[], $18::real[], $19::int[], $20::text[], $21::text[], $22::bool[],
                   $23::timestamptz[])
         AS u(pon_port, onu_id, if_name, mac, serial, description, pppoe, status, reason, reason_raw, rx, tx, temp, volt, bias, dist, vendor, model, sampled, changed)
       ON CONFLICT (olt_id, pon_port, onu_id) DO UPDATE SET
         if_name = EXCLUDED.if_name, mac = COALESCE(EXCLUDED.mac, o.mac), serial = COALESCE(EXCLUDED.serial, o.serial),
         description = EXCLUDED.description,
         pppoe_ids = CASE WHEN o.pppoe_manual THEN o.pppoe_ids ELSE EXCLUDED.pppoe_ids END,
         status = EXCLUDED.status,
         reason = CASE WHEN EXCLUDED.status = 'offline' THEN EXCLUDED.reason ELSE o.reason END,
         reason_raw = CASE WHEN EXCLUDED.status = 'offline' THEN EXCLUDED.reason_raw ELSE o.reason_raw END,
         ${READINGS.map((c) => `${c} = CASE WHEN ${moved(c)} OR ${lost(c)} THEN EXCLUDED.${c} ELSE o.${c} END`).join(', ')},
         distance_m = CASE WHEN ${moved('distance_m')} THEN EXCLUDED.distance_m ELSE o.distance_m END,
         vendor = COALESCE(EXCLUDED.vendor, o.vendor), model = COALESCE(EXCLUDED.model, o.model),
         last_seen_at = CASE WHEN EXCLUDED.status = 'online' AND o.status = 'online' THEN o.last_seen_at
           WHEN EXCLUDED.status = 'online' THEN EXCLUDED.last_seen_at
           WHEN o.status = 'online' THEN greatest(o.last_seen_at, $24::timestamptz) ELSE o.last_seen_at END,
         status_changed_at = CASE WHEN o.status IS DISTINCT FROM EXCLUDED.status THEN EXCLUDED.status_changed_at ELSE o.status_changed_at END,
         last_down_at = CASE WHEN o.status = 'online' AND EXCLUDED.status = 'offline' THEN EXCLUDED.status_changed_at ELSE o.last_down_at END,
         sampled_rx_dbm = COALESCE(EXCLUDED.sampled_rx_dbm, o.sampled_rx_dbm), sampled_at = COALESCE(EXCLUDED.sampled_at, o.sampled_at),
         updated_at = now()
       WHERE ${ROW_MOVED}
       RETURNING id, pon_port, onu_id, pppoe_ids`,
      [
        olt.tenantId,
        olt.id,
        at,
        col(rows, (o) => o.ponPort),
        col(rows, (o) => o.onuId),
        col(rows, (o) => o.ifName),
        col(rows, (o) => o.mac),
        col(rows, (o) => o.serial),
        col(rows, (o) => o.description),
        writes.map((w) => w.pppoe.join(',')),
        col(rows, (o) => o.status),
        col(rows, (o) => (o.status === 'offline' ? (o.reason ?? 'unknown') : null)),
        col(rows, (o) => o.reasonRaw),
        col(rows, (o) => o.rxDbm),
        col(rows, (o) => o.txDbm),
        col(rows, (o) => o.temperatureC),
        col(rows, (o) => o.voltageV),
        col(rows, (o) => o.biasMa),
        col(rows, (o) => (o.distanceM === null ? null : Math.round(o.distanceM))),
        col(rows, (o) => o.vendor),
        col(rows, (o) => o.model),
        writes.map((w) => w.sampled),
        writes.map((w) => w.changed),
        lastGood,
      ],
    );
    return {
      ids: new Map(result.map((r) => [onuKey({ ponPort: r.pon_port, onuId: r.onu_id }), r.id])),
      pppoe: new Map(result.map((r) => [onuKey({ ponPort: r.pon_port, onuId: r.onu_id }), r.pppoe_ids])),
    };
  }

  private async insertSamples(
    tx: EntityManager,
    olt: OltRef,
    rows: PolledOnu[],
    sampled: boolean[],
    ids: Map<string, string>,
    at: Date,
  ): Promise<number> {
    const picked = rows.filter((_o, i) => sampled[i]);
    if (!picked.length) return 0;
    const res: unknown[] = await tx.query(
      `INSERT INTO onu_signal_sample (onu_ref, tenant_id, olt_id, sampled_at, rx_dbm, tx_dbm)
       SELECT u.ref, $1, $2, $3, u.rx, u.tx FROM unnest($4::uuid[], $5::real[], $6::real[]) AS u(ref, rx, tx)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [
        olt.tenantId,
        olt.id,
        at,
        picked.map((o) => ids.get(onuKey(o))),
        picked.map((o) => o.rxDbm),
        picked.map((o) => o.txDbm),
      ],
    );
    return res.length;
  }

  private async insertEvents(tx: EntityManager, olt: OltRef, changes: AppliedPoll['changes']): Promise<void> {
    if (!changes.length) return;
    await tx.query(
      `INSERT INTO onu_status_event (tenant_id, olt_id, onu_ref, pon_port, onu_id, from_status, to_status, reason, reason_raw, occurred_at)
       SELECT $1, $2, u.ref, u.pon, u.onu, u.f, u.t, u.reason, u.raw, u.at
       FROM unnest($3::uuid[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[], $10::timestamptz[])
         AS u(ref, pon, onu, f, t, reason, raw, at)`,
      [
        olt.tenantId,
        olt.id,
        changes.map((c) => c.onuRef),
        changes.map((c) => c.ponPort),
        changes.map((c) => c.onuId),
        changes.map((c) => c.from),
        changes.map((c) => c.to),
        changes.map((c) => c.reason),
        changes.map((c) => c.reasonRaw),
        changes.map((c) => c.at),
      ],
    );
  }
}
