import type { EChartsCoreOption } from 'echarts/core';
import type { SignalHistory, SignalPoint } from '@pondesk/contracts';
import { escapeHtml, rxRangeBand } from '../../shared/chart-parts';
import { rxFill } from '../onus';

/** Spec 2 §9: the signal chart is 450 px high; donuts have an 80% cutout. */
export const SIGNAL_CHART_HEIGHT = 450;
const DONUT_OUTER = 90;
const DONUT_INNER = DONUT_OUTER * 0.8;

export interface SignalChartColors {
  line: string;
  band: string;
  text: string;
  muted: string;
  grid: string;
  tooltipBg: string;
}

const dbm = (v: number | undefined | null) =>
  v === undefined || v === null || !Number.isFinite(v) ? '—' : `${v.toFixed(2)} dBm`;

/** The tooltip text of one point: its time, then the reading (with the hour's range on rollups). */
export function signalTooltip(p: ChartPoint, hourly: boolean): string {
  const time = new Date(p.at).toLocaleString();
  const lines = [`<strong>${escapeHtml(time)}</strong>`];
  if (p.current) lines.push(`Now (last poll): ${dbm(p.rxDbm)}`);
  else if (hourly) {
    lines.push(`Average: ${dbm(p.rxDbm)}`);
    if (p.rxMin !== undefined || p.rxMax !== undefined)
      lines.push(`Range: ${dbm(p.rxMin)} to ${dbm(p.rxMax)}`);
  } else lines.push(`Rx: ${dbm(p.rxDbm)}`);
  return lines.join('<br/>');
}

interface AxisParam {
  dataIndex: number;
}

/** What the ONU reads now: the last poll's rx, at the time of that poll. */
export interface CurrentReading {
  rxDbm: number;
  at: string;
}

/** A drawn point: a stored sample (or hourly rollup), or the current reading added to them. */
export interface ChartPoint extends SignalPoint {
  current?: boolean;
}

/**
 * The current reading of an online ONU (its last poll), or null: samples are only stored when rx moves
 * 0.5 dB or once an hour, so without it a new or steady ONU's chart would stop at its last sample.
 */
export function currentReading(onu: {
  status: string;
  rxDbm: number | null;
  lastSeenAt: string | null;
}): CurrentReading | null {
  if (onu.status !== 'online' || onu.rxDbm === null || !onu.lastSeenAt) return null;
  return { rxDbm: onu.rxDbm, at: onu.lastSeenAt };
}

/**
 * The points to draw: the stored ones, then the current reading when it is newer than the last of them
 * and falls inside the history's range (a past day does not get today's reading).
 */
export function signalSeries(history: SignalHistory, current: CurrentReading | null): ChartPoint[] {
  const points: ChartPoint[] = history.points;
  if (!current) return points;
  const at = Date.parse(current.at);
  const last = points.length ? Date.parse(points[points.length - 1].at) : -Infinity;
  const inRange =
    history.resolution === 'hourly'
      ? at >= Date.parse(history.from)
      : at >= Date.parse(history.from) && at < Date.parse(history.to);
  if (!inRange || !(at > last)) return points;
  return [...points, { at: current.at, rxDbm: current.rxDbm, current: true }];
}

/**
 * The time axis: a day runs from its start to its end or to now, whichever comes first; 'All' runs from
 * the first point to now. Neither reaches into the future.
 */
export function signalAxis(
  history: SignalHistory,
  points: readonly SignalPoint[],
  now: number,
): { min: number; max: number } {
  const to = Date.parse(history.to);
  if (history.resolution === 'raw') {
    const min = Date.parse(history.from);
    return { min, max: Math.max(min, Math.min(to, now)) };
  }
  const max = Math.max(now, ...points.map((p) => Date.parse(p.at)));
  const first = points.length ? Date.parse(points[0].at) : Date.parse(history.from);
  // A single point at the current time still gets an hour of axis to sit on.
  return { min: Math.min(first, max - 3600_000), max };
}

/**
 * The signal history as a time line. Values are negative dBm and are drawn as they are; hourly rollups
 * (the 'All' range) draw the average with the hour's min to max as a faint band behind it. The current
 * reading, when given, ends the line; the axis ends at `now` (default: the history's end).
 */
export function signalChartOption(
  history: SignalHistory,
  colors: SignalChartColors,
  options: { current?: CurrentReading | null; now?: number } = {},
): EChartsCoreOption {
  const hourly = history.resolution === 'hourly';
  const points = signalSeries(history, options.current ?? null);
  const axis = signalAxis(history, points, options.now ?? Date.parse(history.to));
  const time = (p: SignalPoint) => Date.parse(p.at);
  const hasBand = hourly && points.some((p) => p.rxMin !== undefined && p.rxMax !== undefined);
  const line = {
    name: hourly ? 'Average' : '-dBm',
    type: 'line',
    data: points.map((p) => [time(p), p.rxDbm]),
    showSymbol: points.length < 60,
    symbolSize: 5,
    sampling: 'lttb',
    lineStyle: { width: 2, color: colors.line },
    itemStyle: { color: colors.line },
    z: 3,
  };
  const band = hasBand
    ? rxRangeBand(points, { stack: 'range', names: ['Min', 'Range'], color: colors.band })
    : [];
  return {
    animation: false,
    grid: { left: 56, right: 24, top: 40, bottom: hourly ? 72 : 40 },
    tooltip: {
      trigger: 'axis',
      backgroundColor: colors.tooltipBg,
      borderColor: colors.grid,
      textStyle: { color: colors.text },
      formatter: (params: AxisParam[] | AxisParam) => {
        const first = Array.isArray(params) ? params[0] : params;
        const p = first ? points[first.dataIndex] : undefined;
        return p ? signalTooltip(p, hourly) : '';
      },
    },
    xAxis: {
      type: 'time',
      // A day spans the whole day (up to now), however few samples it has; 'All' the samples up to now.
      min: axis.min,
      max: axis.max,
      axisLabel: { color: colors.muted, hideOverlap: true },
      axisLine: { lineStyle: { color: colors.grid } },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      name: '-dBm',
      nameTextStyle: { color: colors.muted },
      scale: true,
      axisLabel: { color: colors.muted },
      splitLine: { lineStyle: { color: colors.grid } },
    },
    dataZoom: hourly
      ? [
          { type: 'inside', xAxisIndex: 0 },
          { type: 'slider', xAxisIndex: 0, height: 20, bottom: 16, textStyle: { color: colors.muted } },
        ]
      : [{ type: 'inside', xAxisIndex: 0 }],
    series: [...band, line],
  };
}

export interface DonutColors {
  fill: string;
  rest: string;
  text: string;
  muted: string;
}

/** A dBm reading as a donut: -8 dBm fills it, -32 dBm leaves it empty; the rest of 100 is the track. */
export function dbmDonutOption(rxDbm: number, colors: DonutColors, label = 'dBm'): EChartsCoreOption {
  const fill = rxFill(rxDbm);
  return {
    animation: false,
    title: {
      // One text block with two styled lines: ECharts' subtext overlaps the text when both are centred.
      text: `{value|${rxDbm.toFixed(2)}}\n{unit|${label}}`,
      left: 'center',
      top: 'center',
      textStyle: {
        rich: {
          value: { fontSize: 20, fontWeight: 700, color: colors.text, lineHeight: 26, align: 'center' },
          unit: { fontSize: 12, color: colors.muted, lineHeight: 16, align: 'center' },
        },
      },
    },
    series: [
      {
        type: 'pie',
        radius: [`${DONUT_INNER}%`, `${DONUT_OUTER}%`],
        silent: true,
        label: { show: false },
        labelLine: { show: false },
        emphasis: { disabled: true },
        data: [
          { name: 'Signal', value: fill, itemStyle: { color: colors.fill } },
          { name: 'Rest', value: 100 - fill, itemStyle: { color: colors.rest } },
        ],
      },
    ],
  };
}
