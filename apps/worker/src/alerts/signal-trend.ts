import { DEGRADING_CROSSING_DBM, type SignalDegradingParams } from '@pondesk/contracts';

/**
 * Is an ONU's rx falling steadily? A pure function of its hourly rollups (no I/O), run by the daily
 * signal-trends job for every ONU.
 *
 * 1. Window: the rollups of the last `TREND_WINDOW_DAYS` (7) days before `now`. Each hourly `rx_avg` is
 *    placed at the middle of its hour.
 * 2. Coverage, else no verdict (null): at least `MIN_HOURLY_POINTS` (12) hourly points, spanning at least
 *    `MIN_SPAN_DAYS` (3) days, in at least `MIN_BUCKETS` (6) six-hour buckets, the newest no older than
 *    `MAX_STALENESS_HOURS` (24) (an ONU that has been dark for days has no "now" level to project from).
 * 3. Reduction: the median of each UTC six-hour bucket (at the median time of its points): ≤ 29 points
 *    (a window not aligned to the buckets touches 29), so the pairwise work below is ≤ 406 pairs per ONU,
 *    and the medians shrug off a bad hour or two.
 * 4. Slope: Theil–Sen — the median of the pairwise slopes between the bucket medians, in dB/day. Level
 *    now: the robust fit's value at `now`, i.e. the median of `y_i − slope·(t_i − now)`.
 * 5. Noise guard: the Mann–Kendall trend test on the bucket medians (S = Σ sign(y_j − y_i), variance with
 *    the ties correction, continuity-corrected z). A decline counts only when z ≤ −2.576, i.e. one-sided
 *    p < 0.005 (the two-sided p < 0.01 bound applied to declines only). It is the same statistic that
 *    gives the Theil–Sen slope its confidence interval (Sen 1968), so "significant" also means the
 *    slope's 99% interval lies below zero. ±1 dB of hourly noise without a trend stays far from it;
 *    −0.1 dB/day with ±0.05 dB jitter is beyond it after three days. The bucket medians of a line with
 *    independent hourly noise are independent, as the test assumes; slow weather-driven wander is
 *    not, which is why the slope must also reach the rule's `minDeclineDbPerDay` and the crossing be near.
 * 6. Steps are not trends: a one-off drop (a fibre bend, a dirty connector) makes Theil–Sen show a slope
 *    and Mann–Kendall a significant decline, but the line does not go on falling at that pace, and its
 *    "projected crossing" would be made up. When the best single-step model (two flat levels, split
 *    anywhere with ≥ 3 buckets each side, L1 error around each side's median) fits the buckets with less
 *    than `STEP_FIT_RATIO` (0.5) of the line's L1 error, the ONU is not listed as degrading (`step`
 *    true). Its level is what the signal-range alerts and the weak-signal counts are for. The ratio was
 *    chosen on synthetic weeks: steady declines (0.1–1 dB/day under up to ±2 dB of hourly noise) never
 *    came below 0.69, while 1.5–3 dB steps under up to ±0.5 dB stayed below 0.6 (mostly below 0.45).
 *    Under ±1 dB of noise or more a step and a fast decline look alike over one week, and a step may be
 *    listed.
 * 7. Verdict: degrading when the slope ≤ −minDeclineDbPerDay, the decline is significant, it is not a
 *    step, the level now is still above −27 dBm (an ONU already below has crossed, it is not
 *    "degrading") and the projected crossing of −27 dBm is within `horizonDays`.
 */

export const TREND_WINDOW_DAYS = 7;
export const MIN_HOURLY_POINTS = 12;
export const MIN_SPAN_DAYS = 3;
export const MIN_BUCKETS = 6;
export const MAX_STALENESS_HOURS = 24;
export const BUCKET_HOURS = 6;
/** One-sided Mann–Kendall z for a decline: the normal quantile of 0.005 (two-sided 0.01). */
export const MANN_KENDALL_Z = 2.576;
/** A single step fits this much better (L1 error ratio) than the line: a step, not a trend. */
export const STEP_FIT_RATIO = 0.5;
/** Crossings further off than this (ten years) have no date. */
export const MAX_PROJECTION_DAYS = 3650;

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** One hourly rollup: the start of its hour (ms since the epoch) and the hour's average rx. */
export interface HourlyRx {
  hourMs: number;
  rxDbm: number;
}

export interface SignalTrend {
  /** Theil–Sen slope, dB a day (negative: falling). */
  slopeDbPerDay: number;
  /** The robust fit's level at `now`. */
  currentDbm: number;
  /** UTC day the fit crosses −27 dBm at this pace; null when it is not falling or has crossed already. */
  projectedCrossingOn: string | null;
  degrading: boolean;
  /** Mann–Kendall z of the bucket medians (negative: falling). */
  mannKendallZ: number;
  /** A single step explains the fall better than a line (checked for significant declines only). */
  step: boolean;
}

interface Point {
  t: number;
  y: number;
}

function median(sorted: number[]): number {
  const n = sorted.length;
  const mid = n >> 1;
  return n % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const sortNum = (xs: number[]) => xs.sort((a, b) => a - b);

/** UTC `YYYY-MM-DD` of a time. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The median of each six-hour bucket (UTC), oldest first. `points` sorted by time. */
function bucketMedians(points: Point[]): Point[] {
  const out: Point[] = [];
  const size = BUCKET_HOURS * HOUR_MS;
  let i = 0;
  while (i < points.length) {
    const bucket = Math.floor(points[i].t / size);
    let j = i;
    while (j < points.length && Math.floor(points[j].t / size) === bucket) j++;
    const slice = points.slice(i, j);
    out.push({ t: median(sortNum(slice.map((p) => p.t))), y: median(sortNum(slice.map((p) => p.y))) });
    i = j;
  }
  return out;
}

/** Theil–Sen slope (per ms) of points with distinct times. */
function theilSen(points: Point[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++)
      slopes.push((points[j].y - points[i].y) / (points[j].t - points[i].t));
  return median(sortNum(slopes));
}

/** Mann–Kendall z (continuity-corrected, variance corrected for ties) of a series in time order. */
export function mannKendallZ(ys: number[]): number {
  const n = ys.length;
  let s = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) s += Math.sign(ys[j] - ys[i]);
  const ties = new Map<number, number>();
  for (const y of ys) ties.set(y, (ties.get(y) ?? 0) + 1);
  let tieTerm = 0;
  for (const c of ties.values()) if (c > 1) tieTerm += c * (c - 1) * (2 * c + 5);
  const variance = (n * (n - 1) * (2 * n + 5) - tieTerm) / 18;
  if (variance <= 0 || s === 0) return 0;
  return (s > 0 ? s - 1 : s + 1) / Math.sqrt(variance);
}

function absDeviationFromMedian(ys: number[]): number {
  const m = median(sortNum([...ys]));
  return ys.reduce((a, y) => a + Math.abs(y - m), 0);
}

/** Whether two flat levels (one split) fit the buckets much better than the fitted line does. */
function isStep(points: Point[], lineError: number): boolean {
  const ys = points.map((p) => p.y);
  let best = Infinity;
  for (let k = 3; k <= ys.length - 3; k++)
    best = Math.min(best, absDeviationFromMedian(ys.slice(0, k)) + absDeviationFromMedian(ys.slice(k)));
  return best < STEP_FIT_RATIO * lineError;
}

/**
 * The trend of one ONU's hourly rollups at `now` under the rule's parameters, or null when there are too
 * few of them for a verdict. See the file's comment for the method and thresholds.
 */
export function signalTrend(
  hourly: readonly HourlyRx[],
  now: Date,
  params: SignalDegradingParams,
): SignalTrend | null {
  const nowMs = now.getTime();
  const from = nowMs - TREND_WINDOW_DAYS * DAY_MS;
  const points: Point[] = hourly
    .map((h) => ({ t: h.hourMs + HOUR_MS / 2, y: h.rxDbm }))
    .filter((p) => p.t >= from && p.t <= nowMs && Number.isFinite(p.y))
    .sort((a, b) => a.t - b.t);
  if (points.length < MIN_HOURLY_POINTS) return null;
  const first = points[0].t;
  const last = points[points.length - 1].t;
  if (last - first < MIN_SPAN_DAYS * DAY_MS || nowMs - last > MAX_STALENESS_HOURS * HOUR_MS) return null;
  const buckets = bucketMedians(points);
  if (buckets.length < MIN_BUCKETS) return null;

  const slopePerMs = theilSen(buckets);
  const currentDbm = median(sortNum(buckets.map((p) => p.y - slopePerMs * (p.t - nowMs))));
  const slopeDbPerDay = slopePerMs * DAY_MS;
  const z = mannKendallZ(buckets.map((p) => p.y));
  const significant = z <= -MANN_KENDALL_Z;
  const step =
    significant &&
    slopeDbPerDay < 0 &&
    isStep(
      buckets,
      buckets.reduce((a, p) => a + Math.abs(p.y - (currentDbm + slopePerMs * (p.t - nowMs))), 0),
    );

  const above = currentDbm > DEGRADING_CROSSING_DBM;
  const daysToCross =
    above && slopeDbPerDay < 0 ? (currentDbm - DEGRADING_CROSSING_DBM) / -slopeDbPerDay : null;
  // Centuries away (a flat line) is no date to show.
  const projectedCrossingOn =
    daysToCross === null || daysToCross > MAX_PROJECTION_DAYS ? null : utcDay(nowMs + daysToCross * DAY_MS);
  const degrading =
    slopeDbPerDay <= -params.minDeclineDbPerDay &&
    significant &&
    !step &&
    daysToCross !== null &&
    daysToCross <= params.horizonDays;
  return { slopeDbPerDay, currentDbm, projectedCrossingOn, degrading, mannKendallZ: z, step };
}
