import type { EChartsCoreOption } from 'echarts/core';
import type { LatencyMinute, LatencyPoint } from '@pondesk/contracts';
import { formatLatency, formatLoss } from './format';

/** Spec 3 §9: the card's line has a tension of 0.4 (ECharts' `smooth` takes the same 0–1 value). */
export const LINE_TENSION = 0.4;
/** The card chart's height in pixels. */
export const CARD_CHART_HEIGHT = 140;
export const HISTORY_CHART_HEIGHT = 360;

export interface LatencyChartColors {
  line: string;
  alert: string;
  limit: string;
  text: string;
  muted: string;
  grid: string;
  tooltipBg: string;
}

/** An instant as hh:mm:ss, the card's time labels. */
export function clockLabel(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/**
 * The top of the card's value axis: the slowest point with some room, and the limit when it is in
 * reach (a 1 ms server with a 60 s limit would otherwise draw a flat line at the bottom).
 */
export function latencyAxisMax(points: readonly LatencyPoint[], limitMs: number): number {
  const slowest = Math.max(0, ...points.map((p) => p.rttMs ?? 0));
  const top = slowest > 0 && limitMs > slowest * 3 ? slowest : Math.max(slowest, limitMs);
  const padded = top * 1.2;
  if (padded <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(padded));
  return Math.ceil(padded / step) * step;
}

/** Whether the limit line falls inside the axis (it is drawn only then). */
export const showsLimit = (points: readonly LatencyPoint[], limitMs: number): boolean =>
  limitMs <= latencyAxisMax(points, limitMs);

/**
 * The card's live line: the last points with their times as labels, a gap and a red mark at the
 * bottom where a reply was lost, and the latency limit as a dashed line when it is in reach.
 */
export function latencyCardOption(
  points: readonly LatencyPoint[],
  limitMs: number,
  alert: boolean,
  colors: LatencyChartColors,
): EChartsCoreOption {
  const color = alert ? colors.alert : colors.line;
  const limit = showsLimit(points, limitMs);
  return {
    animation: false,
    grid: { left: 40, right: 12, top: 12, bottom: 24 },
    tooltip: {
      trigger: 'axis',
      backgroundColor: colors.tooltipBg,
      borderColor: colors.grid,
      textStyle: { color: colors.text },
      formatter: (params: { dataIndex: number }[] | { dataIndex: number }) => {
        const first = Array.isArray(params) ? params[0] : params;
        const p = first ? points[first.dataIndex] : undefined;
        return p ? `${clockLabel(p.at)}<br/>${formatLatency(p.rttMs, 'Lost')}` : '';
      },
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: points.map((p) => clockLabel(p.at)),
      axisLabel: { color: colors.muted, fontSize: 10, hideOverlap: true },
      axisLine: { lineStyle: { color: colors.grid } },
      axisTick: { show: false },
    },
    yAxis: {
      type: 'value',
      min: 0,
      max: latencyAxisMax(points, limitMs),
      axisLabel: { color: colors.muted, fontSize: 10 },
      splitLine: { lineStyle: { color: colors.grid } },
    },
    series: [
      {
        name: 'Latency',
        type: 'line',
        smooth: LINE_TENSION,
        connectNulls: false,
        data: points.map((p) => p.rttMs),
        symbolSize: 5,
        lineStyle: { width: 2, color },
        itemStyle: { color },
        areaStyle: { color, opacity: 0.12 },
        markLine: limit
          ? {
              silent: true,
              symbol: 'none',
              label: { show: false },
              lineStyle: { color: colors.limit, type: 'dashed', width: 1 },
              data: [{ yAxis: limitMs }],
            }
          : undefined,
      },
      {
        name: 'Lost',
        type: 'scatter',
        data: points.map((p) => (p.rttMs === null ? 0 : null)),
        symbol: 'triangle',
        symbolSize: 8,
        itemStyle: { color: colors.alert },
        tooltip: { show: false },
      },
    ],
  };
}

/**
 * A server's history per minute: the average as a line over the minute's min to max band, and the
 * share lost as bars on a second axis (0–100 %).
 */
export function latencyHistoryOption(
  minutes: readonly LatencyMinute[],
  limitMs: number,
  range: { from: string; to: string },
  colors: LatencyChartColors & { band: string },
): EChartsCoreOption {
  const at = (m: LatencyMinute) => Date.parse(m.at);
  return {
    animation: false,
    grid: { left: 56, right: 56, top: 40, bottom: 72 },
    legend: { top: 0, textStyle: { color: colors.muted }, data: ['Average', 'Loss'] },
    tooltip: {
      trigger: 'axis',
      backgroundColor: colors.tooltipBg,
      borderColor: colors.grid,
      textStyle: { color: colors.text },
      formatter: (params: { dataIndex: number }[] | { dataIndex: number }) => {
        const first = Array.isArray(params) ? params[0] : params;
        const m = first ? minutes[first.dataIndex] : undefined;
        if (!m) return '';
        return [
          `<strong>${new Date(m.at).toLocaleString()}</strong>`,
          `Average: ${formatLatency(m.avgMs, '—')}`,
          `Range: ${formatLatency(m.minMs, '—')} to ${formatLatency(m.maxMs, '—')}`,
          `Lost: ${formatLoss(m.lossPct)} (${m.sent - m.received} of ${m.sent})`,
        ].join('<br/>');
      },
    },
    xAxis: {
      type: 'time',
      min: Date.parse(range.from),
      max: Date.parse(range.to),
      axisLabel: { color: colors.muted, hideOverlap: true },
      axisLine: { lineStyle: { color: colors.grid } },
      splitLine: { show: false },
    },
    yAxis: [
      {
        type: 'value',
        name: 'ms',
        min: 0,
        nameTextStyle: { color: colors.muted },
        axisLabel: { color: colors.muted },
        splitLine: { lineStyle: { color: colors.grid } },
      },
      {
        type: 'value',
        name: 'loss %',
        min: 0,
        max: 100,
        nameTextStyle: { color: colors.muted },
        axisLabel: { color: colors.muted },
        splitLine: { show: false },
      },
    ],
    dataZoom: [
      { type: 'inside', xAxisIndex: 0 },
      { type: 'slider', xAxisIndex: 0, height: 20, bottom: 16, textStyle: { color: colors.muted } },
    ],
    series: [
      {
        name: 'Min',
        type: 'line',
        stack: 'range',
        data: minutes.map((m) => [at(m), m.minMs]),
        showSymbol: false,
        lineStyle: { opacity: 0 },
        silent: true,
        tooltip: { show: false },
      },
      {
        name: 'Range',
        type: 'line',
        stack: 'range',
        data: minutes.map((m) => [at(m), m.maxMs === null || m.minMs === null ? null : m.maxMs - m.minMs]),
        showSymbol: false,
        lineStyle: { opacity: 0 },
        areaStyle: { color: colors.band },
        silent: true,
        tooltip: { show: false },
      },
      {
        name: 'Average',
        type: 'line',
        data: minutes.map((m) => [at(m), m.avgMs]),
        connectNulls: false,
        showSymbol: minutes.length < 60,
        symbolSize: 4,
        sampling: 'lttb',
        lineStyle: { width: 2, color: colors.line },
        itemStyle: { color: colors.line },
        markLine: {
          silent: true,
          symbol: 'none',
          label: { color: colors.muted, formatter: `limit ${limitMs} ms` },
          lineStyle: { color: colors.limit, type: 'dashed', width: 1 },
          data: [{ yAxis: limitMs }],
        },
        z: 3,
      },
      {
        name: 'Loss',
        type: 'bar',
        yAxisIndex: 1,
        data: minutes.map((m) => [at(m), m.lossPct > 0 ? m.lossPct : null]),
        barMaxWidth: 6,
        itemStyle: { color: colors.alert, opacity: 0.7 },
      },
    ],
  };
}

/** The history in numbers, for the dialog's summary line (null figures when nothing was received). */
export function historySummary(minutes: readonly LatencyMinute[]): {
  avgMs: number | null;
  maxMs: number | null;
  lossPct: number | null;
} {
  const sent = minutes.reduce((n, m) => n + m.sent, 0);
  const received = minutes.reduce((n, m) => n + m.received, 0);
  let weighted = 0;
  let maxMs: number | null = null;
  for (const m of minutes) {
    if (m.avgMs !== null) weighted += m.avgMs * m.received;
    if (m.maxMs !== null) maxMs = maxMs === null ? m.maxMs : Math.max(maxMs, m.maxMs);
  }
  return {
    avgMs: received ? weighted / received : null,
    maxMs,
    lossPct: sent ? ((sent - received) / sent) * 100 : null,
  };
}
