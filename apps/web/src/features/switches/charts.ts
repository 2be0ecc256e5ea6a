import type { EChartsCoreOption } from 'echarts/core';
import type { SwitchPortHistory, SwitchPortPoint } from '@pondesk/contracts';
import { escapeHtml, rxRangeBand } from '../../shared/chart-parts';
import { formatReading } from './format';

export const PORT_CHART_HEIGHT = 380;

export interface PortChartColors {
  rx: string;
  tx: string;
  band: string;
  text: string;
  muted: string;
  grid: string;
  tooltipBg: string;
}

/** The tooltip of one point: its time, rx (with the hour's range on rollups), tx and the link. */
export function portTooltip(p: SwitchPortPoint, hourly: boolean): string {
  const lines = [`<strong>${escapeHtml(new Date(p.at).toLocaleString())}</strong>`];
  lines.push(`${hourly ? 'Rx average' : 'Rx'}: ${formatReading(p.rxDbm, 'dBm')}`);
  if (hourly && (p.rxMin != null || p.rxMax != null))
    lines.push(`Rx range: ${formatReading(p.rxMin, 'dBm')} to ${formatReading(p.rxMax, 'dBm')}`);
  lines.push(`Tx: ${formatReading(p.txDbm, 'dBm')}`);
  lines.push(
    hourly ? (p.linkUp ? 'Link up all hour' : 'Link down in this hour') : `Link ${p.linkUp ? 'up' : 'down'}`,
  );
  return lines.join('<br/>');
}

/** How many points have a reading of each line (what the chart draws, for tests and screen readers). */
export function drawnCounts(history: SwitchPortHistory): { rx: number; tx: number } {
  return {
    rx: history.points.filter((p) => p.rxDbm !== null).length,
    tx: history.points.filter((p) => p.txDbm !== null).length,
  };
}

interface AxisParam {
  dataIndex: number;
}

/**
 * Rx and tx over the range as two lines on one dBm axis. Hourly rollups draw rx's lowest to highest of
 * each hour as a band behind its line. A missing reading is a gap, never 0.
 */
export function portChartOption(history: SwitchPortHistory, colors: PortChartColors): EChartsCoreOption {
  const hourly = history.resolution === 'hour';
  const points = history.points;
  const time = (p: SwitchPortPoint) => Date.parse(p.at);
  const band = hourly
    ? rxRangeBand(points, { stack: 'rx-range', names: ['Rx min', 'Rx range'], color: colors.band })
    : [];
  const line = (name: string, color: string, value: (p: SwitchPortPoint) => number | null) => ({
    name,
    type: 'line',
    data: points.map((p) => [time(p), value(p)]),
    showSymbol: points.length < 60,
    symbolSize: 5,
    connectNulls: false,
    lineStyle: { color, width: 2 },
    itemStyle: { color },
  });
  return {
    animation: false,
    legend: { data: ['Rx', 'Tx'], top: 4, textStyle: { color: colors.text } },
    grid: { left: 56, right: 24, top: 40, bottom: 56 },
    tooltip: {
      trigger: 'axis',
      backgroundColor: colors.tooltipBg,
      borderColor: colors.grid,
      textStyle: { color: colors.text },
      formatter: (params: AxisParam[] | AxisParam) => {
        const first = Array.isArray(params) ? params[0] : params;
        const p = first ? points[first.dataIndex] : undefined;
        return p ? portTooltip(p, hourly) : '';
      },
    },
    xAxis: {
      type: 'time',
      min: Date.parse(history.from),
      max: Date.parse(history.to),
      axisLabel: { color: colors.muted, hideOverlap: true },
      axisLine: { lineStyle: { color: colors.grid } },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      name: 'dBm',
      nameTextStyle: { color: colors.muted },
      scale: true,
      axisLabel: { color: colors.muted },
      splitLine: { lineStyle: { color: colors.grid } },
    },
    dataZoom: [
      { type: 'inside', xAxisIndex: 0 },
      { type: 'slider', xAxisIndex: 0, height: 18, bottom: 10, textStyle: { color: colors.muted } },
    ],
    series: [...band, line('Rx', colors.rx, (p) => p.rxDbm), line('Tx', colors.tx, (p) => p.txDbm)],
  };
}
