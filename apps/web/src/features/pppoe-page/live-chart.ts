import type { EChartsCoreOption } from 'echarts/core';
import { escapeHtml } from '../../shared/chart-parts';
import { formatBps, type RatePoint } from './live-format';

/** The Upload / Download tile's chart: small enough to sit under the figures. */
export const LIVE_CHART_HEIGHT = 64;

export interface LiveChartColors {
  upload: string;
  download: string;
  text: string;
  grid: string;
  tooltipBg: string;
}

interface AxisParam {
  dataIndex: number;
}

/** Upload and download of the last reads as two thin lines, without axes; the tooltip gives the figures. */
export function liveRateChartOption(
  points: readonly RatePoint[],
  colors: LiveChartColors,
): EChartsCoreOption {
  const line = (name: string, color: string, pick: (p: RatePoint) => number | null) => ({
    name,
    type: 'line',
    data: points.map((p) => [p.at, pick(p)]),
    showSymbol: false,
    connectNulls: false,
    lineStyle: { width: 1.5, color },
    itemStyle: { color },
  });
  return {
    animation: false,
    grid: { left: 2, right: 2, top: 4, bottom: 4 },
    tooltip: {
      trigger: 'axis',
      confine: true,
      backgroundColor: colors.tooltipBg,
      borderColor: colors.grid,
      textStyle: { color: colors.text, fontSize: 12 },
      formatter: (params: AxisParam[] | AxisParam) => {
        const first = Array.isArray(params) ? params[0] : params;
        const p = first ? points[first.dataIndex] : undefined;
        if (!p) return '';
        const time = new Date(p.at).toLocaleTimeString();
        return `<strong>${escapeHtml(time)}</strong><br/>Upload: ${formatBps(p.upload)}<br/>Download: ${formatBps(p.download)}`;
      },
    },
    xAxis: { type: 'time', show: false },
    yAxis: { type: 'value', show: false, min: 0 },
    series: [
      line('Upload', colors.upload, (p) => p.upload),
      line('Download', colors.download, (p) => p.download),
    ],
  };
}
