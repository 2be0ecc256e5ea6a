/** Pieces the signal charts share (the PPPoE page's rx history, the switch port graph). */

/** Text made safe for an ECharts tooltip, which is HTML. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** A point of hourly rollups: the hour's average, lowest and highest rx (any of them may be missing). */
export interface RangePoint {
  at: string;
  rxDbm: number | null;
  rxMin?: number | null;
  rxMax?: number | null;
}

/**
 * Each hour's lowest to highest rx as a filled band behind the line: an invisible line at the minimum with
 * the range stacked on it. A point without a reading is a gap. `names` are the two series' names.
 */
export function rxRangeBand(
  points: readonly RangePoint[],
  { stack, names, color }: { stack: string; names: [min: string, range: string]; color: string },
): object[] {
  const time = (p: RangePoint) => Date.parse(p.at);
  const hidden = { showSymbol: false, lineStyle: { opacity: 0 }, silent: true, tooltip: { show: false } };
  return [
    {
      name: names[0],
      type: 'line',
      stack,
      // Min is negative and the range positive: stack them whatever their signs.
      stackStrategy: 'all',
      data: points.map((p) => [time(p), p.rxMin ?? p.rxDbm]),
      ...hidden,
    },
    {
      name: names[1],
      type: 'line',
      stack,
      stackStrategy: 'all',
      data: points.map((p) => {
        const min = p.rxMin ?? p.rxDbm;
        const max = p.rxMax ?? p.rxDbm;
        return [time(p), min === null || max === null ? null : max - min];
      }),
      ...hidden,
      areaStyle: { color },
    },
  ];
}
