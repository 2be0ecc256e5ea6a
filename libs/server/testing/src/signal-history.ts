import type { Client } from 'pg';
import { rollUpSignalHour, vacuumSignalHourly } from '@pondesk/server-database';

export interface SignalHistoryOptions {
  /** Days of hourly rollups, ending with the last whole hour. */
  rollupDays: number;
  /** Days of raw samples (the newest), written poll by poll as the worker writes them. */
  rawDays: number;
  /** The OLTs' poll interval. */
  pollIntervalSeconds: number;
  log?: (line: string) => void;
}

export interface SeededSignalHistory {
  rollups: number;
  samples: number;
  rollupMs: number;
  sampleMs: number;
}

/** The worker's sampling rule (poll-diff): a sample when rx moved 0.5 dB since the last one, or after an hour. */
const SAMPLE_MIN_DELTA_DB = 0.5;
const SAMPLE_MAX_AGE_MS = 3600_000;
/** Hours of rollups written per statement: whole hours, oldest first, every ONU within each hour. */
const ROLLUP_BATCH_HOURS = 24;
const HOUR_MS = 3600_000;

/** A small deterministic generator, so every run seeds the same history. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Signal history of these ONUs as a running install leaves it: hourly rollups written hour after hour
 * (one hour for every ONU, then the next, so one ONU's rows lie scattered through the table, with its
 * indexes in place), then the newest `rawDays` of raw samples written poll by poll under the worker's
 * sampling rule (most lines are steady and store a sample an hour; one in five is noisy and stores most
 * polls), each of those hours rolled up from its samples by the hourly job's own code. The hour in
 * progress is left to the raw samples.
 */
export async function seedSignalHistory(
  db: Pick<Client, 'query'>,
  tenantId: string,
  onus: { id: string; oltId: string; rxDbm: number }[],
  { rollupDays, rawDays, pollIntervalSeconds, log = () => undefined }: SignalHistoryOptions,
): Promise<SeededSignalHistory> {
  const thisHour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  const firstHour = thisHour - rollupDays * 24 * HOUR_MS;
  const rawFrom = thisHour - rawDays * 24 * HOUR_MS;
  const ids = onus.map((o) => o.id);
  const base = onus.map((o) => o.rxDbm);

  // Rollups before the raw window: a daily swing around each line's level, with a slow drift.
  const t0 = Date.now();
  let rollups = 0;
  for (let from = firstHour; from < rawFrom; from += ROLLUP_BATCH_HOURS * HOUR_MS) {
    const to = Math.min(from + ROLLUP_BATCH_HOURS * HOUR_MS, rawFrom) - HOUR_MS;
    const res = await db.query(
      `INSERT INTO onu_signal_hourly (onu_ref, hour, tenant_id, rx_min, rx_avg, rx_max, sample_count)
       SELECT u.id, h, $3, v.avg - 0.2 - (u.i % 5) / 10.0, v.avg, v.avg + 0.2 + (u.i % 3) / 10.0, 1 + (u.i + x) % 12
       FROM generate_series($1::timestamptz, $2::timestamptz, interval '1 hour') WITH ORDINALITY AS g(h, x)
       CROSS JOIN unnest($4::uuid[], $5::real[]) WITH ORDINALITY AS u(id, rx, i)
       CROSS JOIN LATERAL (SELECT u.rx + 0.6 * sin((extract(epoch FROM h) / 3600 + u.i) * pi() / 12)
                                  - ((extract(epoch FROM h) / 3600)::bigint % 240) / 400.0 AS avg) v
       ORDER BY h, u.i`,
      [new Date(from), new Date(to), tenantId, ids, base],
    );
    rollups += res.rowCount ?? 0;
    // Where the hourly job would have vacuumed (after each hour), the end state is the same.
    await vacuumSignalHourly(db);
  }
  const rollupMs = Date.now() - t0;
  log(`rollups: ${rollups} rows (${onus.length} ONUs × ${rollups / onus.length} hours) in ${rollupMs} ms`);

  // Raw samples, poll by poll, then each whole hour of them rolled up.
  const t1 = Date.now();
  const random = mulberry32(12);
  const noisy = onus.map((_o, i) => i % 5 === 0);
  const lastRx: (number | null)[] = onus.map(() => null);
  const lastAt: number[] = onus.map(() => 0);
  const step = pollIntervalSeconds * 1000;
  let samples = 0;
  let rolled = 0;
  let hour = rawFrom;
  for (let at = rawFrom + step / 2; at < Date.now(); at += step) {
    const refs: string[] = [];
    const oltIds: string[] = [];
    const rx: number[] = [];
    for (let i = 0; i < onus.length; i++) {
      const swing = 0.6 * Math.sin((at / HOUR_MS + i) * (Math.PI / 12));
      const jitter = (random() - 0.5) * (noisy[i] ? 2.4 : 0.3);
      const value = Math.round((base[i] + swing + jitter) * 100) / 100;
      const last = lastRx[i];
      if (
        last === null ||
        Math.abs(value - last) >= SAMPLE_MIN_DELTA_DB ||
        at - lastAt[i] >= SAMPLE_MAX_AGE_MS
      ) {
        lastRx[i] = value;
        lastAt[i] = at;
        refs.push(ids[i]);
        oltIds.push(onus[i].oltId);
        rx.push(value);
      }
    }
    await db.query(
      `INSERT INTO onu_signal_sample (onu_ref, tenant_id, olt_id, sampled_at, rx_dbm, tx_dbm)
       SELECT u.ref, $1, u.olt, $2, u.rx, 2.1 FROM unnest($3::uuid[], $4::uuid[], $5::real[]) AS u(ref, olt, rx)`,
      [tenantId, new Date(at), refs, oltIds, rx],
    );
    samples += refs.length;
    while (at + step >= hour + HOUR_MS && hour + HOUR_MS <= thisHour) {
      rolled += await rollUpSignalHour(db, new Date(hour));
      hour += HOUR_MS;
    }
  }
  const sampleMs = Date.now() - t1;
  log(
    `raw samples: ${samples} over ${rawDays} days at a ${pollIntervalSeconds} s poll, and their hours rolled up by the hourly job's code (${rolled} rows: every ONU with samples in those hours), in ${sampleMs} ms`,
  );
  return { rollups: rollups + rolled, samples, rollupMs, sampleMs };
}
