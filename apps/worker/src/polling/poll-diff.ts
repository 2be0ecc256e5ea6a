import type { OnuDownReasonCode, OnuReading, OnuStatusCode } from '@pondesk/contracts';

/** The stored fields a poll compares against. */
export interface StoredOnu {
  id: string;
  ponPort: number;
  onuId: number;
  status: OnuStatusCode;
  sampledRxDbm: number | null;
  sampledAt: Date | null;
  /** The last poll that found it online. */
  lastSeenAt?: Date | null;
}

/**
 * The rest of a stored row: what a poll compares to decide whether the row needs writing at all. The
 * reading's own fields as stored (the status is `StoredOnu`'s), and the PPPoE ids with whether an operator
 * typed them (a poll never replaces those).
 */
export type StoredOnuRow = StoredOnu &
  Omit<OnuReading, 'ponPort' | 'onuId' | 'status'> & { pppoeIds: string[]; pppoeManual: boolean };

/** One ONU as a poll read it, with the OLT's own time of its last deregistration when the OLT gives one. */
export type PolledOnu = OnuReading & { downAt?: Date | null };

/** Device clocks drift; a down time this far after the poll is still taken as "just now". */
export const DEVICE_CLOCK_SKEW_MS = 2 * 60_000;

export interface StatusChange {
  ponPort: number;
  onuId: number;
  from: OnuStatusCode | null;
  to: OnuStatusCode;
  reason: OnuDownReasonCode | null;
  reasonRaw: string | null;
  /** When it happened: the OLT's deregistration time for a plausible one, else the poll time. */
  at: Date;
}

export interface PollPlan {
  /** Keys (`port:onu`) whose rx gets a new sample at the poll time. */
  sampleKeys: Set<string>;
  changes: StatusChange[];
  /** Stored ONUs the OLT no longer reports (deleted bindings). */
  vanished: StoredOnu[];
}

/**
 * How far a reading must move before a poll rewrites the ONU's row. An ONU's optics wander by hundredths
 * between polls (optical power monitors are specified to ±1 dB at best; SFF-8472 allows ±3). Rewriting
 * every row every poll for that would cost a new tuple and an entry in each of the table's indexes per
 * ONU. The row keeps the last reading that moved at least this far, the signal history keeps its own
 * samples (below), and a live read on the ONU's page shows the device's exact figures.
 */
export const READING_DEADBAND = {
  rx_dbm: 0.1,
  tx_dbm: 0.1,
  temperature_c: 1,
  voltage_v: 0.05,
  bias_ma: 1,
  distance_m: 10,
} as const;

/** The row's reading fields, by their column names in `READING_DEADBAND`. */
const READING_FIELDS = {
  rx_dbm: 'rxDbm',
  tx_dbm: 'txDbm',
  temperature_c: 'temperatureC',
  voltage_v: 'voltageV',
  bias_ma: 'biasMa',
  distance_m: 'distanceM',
} as const satisfies Record<keyof typeof READING_DEADBAND, keyof OnuReading>;

/**
 * Float columns hold single precision: a stored reading read back may differ from the one written in its
 * last digits. A reading this close to its deadband counts as moved and goes to the database, whose own
 * comparison (on the stored values) then decides; nothing is left unwritten for a rounding.
 */
const DEADBAND_SLACK = 1e-4;

/** A reading moved past its deadband from the stored one (a reading gained counts; `lost` below). */
export function readingMoved(
  column: keyof typeof READING_DEADBAND,
  stored: number | null,
  polled: number | null,
): boolean {
  return (
    polled !== null &&
    (stored === null || Math.abs(stored - polled) >= READING_DEADBAND[column] - DEADBAND_SLACK)
  );
}

/**
 * Whether a poll has anything to write to a stored ONU's row: the same rules as the upsert's own
 * condition (see `ROW_MOVED` in the store), applied before the rows are sent, so an ONU that did not move
 * costs neither the database's conflict check and row lock nor its bytes on the wire. `pppoeIds` are the
 * ids the poll found in its description, `sampled` whether it takes a signal sample now.
 */
export function rowNeedsWrite(
  s: StoredOnuRow,
  p: PolledOnu,
  pppoeIds: readonly string[],
  sampled: boolean,
): boolean {
  if (sampled || s.status !== p.status || s.ifName !== p.ifName || s.description !== p.description)
    return true;
  if (p.mac !== null && s.mac !== p.mac) return true;
  if (p.serial !== null && s.serial !== p.serial) return true;
  if (p.vendor !== null && s.vendor !== p.vendor) return true;
  if (p.model !== null && s.model !== p.model) return true;
  if (
    !s.pppoeManual &&
    (s.pppoeIds.length !== pppoeIds.length || s.pppoeIds.some((id, i) => id !== pppoeIds[i]))
  )
    return true;
  if (p.status === 'offline' && (s.reason !== (p.reason ?? 'unknown') || s.reasonRaw !== p.reasonRaw))
    return true;
  for (const column of Object.keys(READING_FIELDS) as (keyof typeof READING_FIELDS)[]) {
    const field = READING_FIELDS[column];
    const stored = s[field];
    // Distance is stored in whole metres.
    const polled = field === 'distanceM' && p.distanceM !== null ? Math.round(p.distanceM) : p[field];
    if (readingMoved(column, stored, polled)) return true;
    // A reading lost counts too (distance keeps its last value: a dark ONU has none).
    if (column !== 'distance_m' && polled === null && stored !== null) return true;
  }
  return false;
}

export const SAMPLE_MIN_DELTA_DB = 0.5;
export const SAMPLE_MAX_AGE_MS = 60 * 60 * 1000;

export const onuKey = (o: { ponPort: number; onuId: number }) => `${o.ponPort}:${o.onuId}`;

/**
 * When an ONU found offline went down. The OLT's last-deregistration time is used when it is plausible: not
 * after the poll (beyond clock skew, then it is "now"), and after the last poll that saw the ONU online
 * (else it is an older outage's time). Otherwise the poll time, the earliest moment we know of.
 */
export function downTime(p: PolledOnu, stored: StoredOnu | undefined, now: Date): Date {
  const at = p.downAt;
  if (!at || Number.isNaN(at.getTime())) return now;
  if (at.getTime() > now.getTime() + DEVICE_CLOCK_SKEW_MS) return now;
  if (stored?.lastSeenAt && at.getTime() < stored.lastSeenAt.getTime()) return now;
  return at.getTime() > now.getTime() ? now : at;
}

/**
 * Compares one poll with the stored state: which ONUs changed status (new ONUs count as a change only
 * when they arrive offline), which rx values deserve a sample (moved ≥ 0.5 dB, or an hour since the last).
 */
export function planPoll(stored: StoredOnu[], polled: PolledOnu[], now: Date): PollPlan {
  const byKey = new Map(stored.map((s) => [onuKey(s), s]));
  const seen = new Set<string>();
  const sampleKeys = new Set<string>();
  const changes: StatusChange[] = [];
  for (const p of polled) {
    const key = onuKey(p);
    seen.add(key);
    const s = byKey.get(key);
    if (!s ? p.status === 'offline' : s.status !== p.status) {
      changes.push({
        ponPort: p.ponPort,
        onuId: p.onuId,
        from: s?.status ?? null,
        to: p.status,
        reason: p.status === 'offline' ? (p.reason ?? 'unknown') : null,
        reasonRaw: p.status === 'offline' ? p.reasonRaw : null,
        at: p.status === 'offline' ? downTime(p, s, now) : now,
      });
    }
    if (p.rxDbm === null) continue;
    const last = s?.sampledRxDbm ?? null;
    const age = s?.sampledAt ? now.getTime() - s.sampledAt.getTime() : Infinity;
    if (last === null || Math.abs(p.rxDbm - last) >= SAMPLE_MIN_DELTA_DB - 1e-9 || age >= SAMPLE_MAX_AGE_MS)
      sampleKeys.add(key);
  }
  const vanished = stored.filter((s) => !seen.has(onuKey(s)));
  return { sampleKeys, changes, vanished };
}
