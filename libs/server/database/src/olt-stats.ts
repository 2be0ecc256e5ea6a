import {
  ONU_DOWN_REASONS,
  RX_THRESHOLDS_DBM,
  SIGNAL_BANDS,
  rxAtOrBelowSql,
  signalBandSql,
  type OnuDownReasonCode,
  type OnuStatusCode,
  type SignalBandKey,
} from '@pondesk/contracts';

/** ONU counts of one status/reason split: the ONU lists' header counts. */
export interface OnuStatusCounts {
  total: number;
  online: number;
  /** Offline ONUs by why they went down. */
  reasons: Record<OnuDownReasonCode, number>;
}

/**
 * An OLT's ONU figures, kept on its row by every writer of its ONUs (polls, port reads, deletes) in the
 * same transaction, so the dashboard and the lists' counts read 200 OLT rows instead of 100,000 ONUs.
 */
export interface OltOnuStats extends OnuStatusCounts {
  bands: Record<SignalBandKey, number>;
  /** rx of -24 dBm or weaker (the "OLT 24+ DB" card), -28 or weaker, -30 or weaker. */
  weak24: number;
  below28: number;
  below30: number;
  /** Per PON port (keys are port numbers). */
  ports: Record<string, OnuStatusCounts>;
}

/** Anything that runs SQL: a DataSource, an EntityManager in a transaction, a pg client. */
export interface SqlRunner {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

const zeroReasons = (): Record<OnuDownReasonCode, number> =>
  Object.fromEntries(ONU_DOWN_REASONS.map((r) => [r, 0])) as Record<OnuDownReasonCode, number>;

export const emptyStatusCounts = (): OnuStatusCounts => ({ total: 0, online: 0, reasons: zeroReasons() });

export const emptyOltStats = (): OltOnuStats => ({
  ...emptyStatusCounts(),
  bands: Object.fromEntries(SIGNAL_BANDS.map((b) => [b.key, 0])) as Record<SignalBandKey, number>,
  weak24: 0,
  below28: 0,
  below30: 0,
  ports: {},
});

/** The band of `rx_dbm` in SQL, by the contracts' one bound rule (`signalBandSql`). */
const BAND_SQL = `CASE ${SIGNAL_BANDS.map((b) => `WHEN ${signalBandSql(b.key, 'rx_dbm')} THEN '${b.key}'`).join(' ')} END`;

interface GroupRow {
  olt_id: string;
  pon_port: number;
  status: OnuStatusCode;
  reason: OnuDownReasonCode | null;
  band: SignalBandKey | null;
  n: number;
  w24: number;
  b28: number;
  b30: number;
}

function add(counts: OnuStatusCounts, r: GroupRow): void {
  counts.total += r.n;
  if (r.status === 'online') counts.online += r.n;
  else counts.reasons[r.reason ?? 'unknown'] += r.n;
}

/** Folds the grouped rows of one OLT into its stats (exported for tests). */
export function foldOltStats(rows: GroupRow[]): OltOnuStats {
  const s = emptyOltStats();
  for (const r of rows) {
    add(s, r);
    add((s.ports[String(r.pon_port)] ??= emptyStatusCounts()), r);
    if (r.band) s.bands[r.band] += r.n;
    s.weak24 += r.w24;
    s.below28 += r.b28;
    s.below30 += r.b30;
  }
  return s;
}

/** Counts the ONUs of these OLTs into their figures, without storing them. */
export async function countOltStats(
  db: SqlRunner,
  oltIds: readonly string[],
): Promise<Map<string, OltOnuStats>> {
  const ids = [...new Set(oltIds)];
  if (!ids.length) return new Map();
  const rows = (await db.query(
    `SELECT olt_id, pon_port, status, CASE WHEN status = 'offline' THEN coalesce(reason, 'unknown') END AS reason,
            ${BAND_SQL} AS band, count(*)::int AS n,
            (count(*) FILTER (WHERE ${rxAtOrBelowSql('rx_dbm', RX_THRESHOLDS_DBM.weak24)}))::int AS w24,
            (count(*) FILTER (WHERE ${rxAtOrBelowSql('rx_dbm', RX_THRESHOLDS_DBM.below28)}))::int AS b28,
            (count(*) FILTER (WHERE ${rxAtOrBelowSql('rx_dbm', RX_THRESHOLDS_DBM.below30)}))::int AS b30
     FROM onu WHERE olt_id = ANY($1::uuid[]) GROUP BY 1, 2, 3, 4, 5`,
    [ids],
  )) as GroupRow[];
  const byOlt = new Map<string, GroupRow[]>(ids.map((id) => [id, []]));
  for (const r of rows) byOlt.get(r.olt_id)?.push(r);
  return new Map(ids.map((id) => [id, foldOltStats(byOlt.get(id) ?? [])]));
}

/**
 * Recounts the ONUs of these OLTs onto their rows (onu_count, online_onu_count, onu_stats). Run it in the
 * transaction that changed the ONUs; it reads each OLT's ONUs once (about a millisecond per 500).
 */
export async function refreshOltStats(
  db: SqlRunner,
  oltIds: readonly string[],
): Promise<Map<string, OltOnuStats>> {
  const out = await countOltStats(db, oltIds);
  if (!out.size) return out;
  const ids = [...out.keys()];
  const stats = ids.map((id) => out.get(id) ?? emptyOltStats());
  await db.query(
    `UPDATE olt o SET onu_count = s.total, online_onu_count = s.online, onu_stats = s.stats, updated_at = now()
     FROM unnest($1::uuid[], $2::int[], $3::int[], $4::jsonb[]) AS s(id, total, online, stats) WHERE o.id = s.id`,
    [ids, stats.map((x) => x.total), stats.map((x) => x.online), stats.map((x) => JSON.stringify(x))],
  );
  return out;
}

/** Stats as stored; rows written before the stats existed read as `null` (callers then count the ONUs). */
export function storedOltStats(value: unknown): OltOnuStats | null {
  if (!value || typeof value !== 'object' || typeof (value as OltOnuStats).total !== 'number') return null;
  const stats = value as OltOnuStats;
  // Stats stored before a reason joined the vocabulary lack its key: it counts 0 until the next poll.
  // Read on every list and dashboard request, so the copy is made only for such old rows.
  if (ONU_DOWN_REASONS.every((r) => typeof stats.reasons?.[r] === 'number')) return stats;
  const filled = (c: OnuStatusCounts): OnuStatusCounts => ({
    ...c,
    reasons: { ...zeroReasons(), ...c.reasons },
  });
  return {
    ...stats,
    ...filled(stats),
    ports: Object.fromEntries(Object.entries(stats.ports ?? {}).map(([k, c]) => [k, filled(c)])),
  };
}

/** Each OLT's figures: the stored ones, or counted now (not stored) for OLTs not polled since they came. */
export async function oltStatsOf(
  db: SqlRunner,
  olts: readonly { id: string; onu_stats: unknown }[],
): Promise<OltOnuStats[]> {
  const stored = olts.map((o) => storedOltStats(o.onu_stats));
  const counted = await countOltStats(
    db,
    olts.filter((_, i) => !stored[i]).map((o) => o.id),
  );
  return olts.map((o, i) => stored[i] ?? counted.get(o.id) ?? emptyOltStats());
}
