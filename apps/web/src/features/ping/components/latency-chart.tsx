import { useMemo } from 'react';
import { Box, alpha, useTheme, type Theme } from '@mui/material';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { LatencyHistory, LatencyPoint } from '@pondesk/contracts';
import {
  CARD_CHART_HEIGHT,
  HISTORY_CHART_HEIGHT,
  latencyCardOption,
  latencyHistoryOption,
  type LatencyChartColors,
} from '../charts';

echarts.use([
  LineChart,
  ScatterChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  MarkLineComponent,
  LegendComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

const chartColors = (theme: Theme): LatencyChartColors => ({
  line: theme.palette.primary.main,
  alert: theme.palette.error.main,
  limit: theme.palette.warning.main,
  text: theme.palette.text.primary,
  muted: theme.palette.text.secondary,
  grid: theme.palette.divider,
  tooltipBg: theme.palette.background.paper,
});

/**
 * A card's live line of its last points. What is drawn is also in attributes (`data-points`, the
 * newest point's time): the canvas itself cannot be read by tests or assistive tools.
 */
export function LatencyCardChart({
  points,
  limitMs,
  alert,
  label,
}: {
  points: readonly LatencyPoint[];
  limitMs: number;
  alert: boolean;
  label: string;
}) {
  const theme = useTheme();
  const option = useMemo(
    () => latencyCardOption(points, limitMs, alert, chartColors(theme)),
    [points, limitMs, alert, theme],
  );
  const last = points[points.length - 1];
  return (
    <Box
      role="img"
      aria-label={label}
      data-testid="server-chart"
      data-points={points.length}
      data-last-at={last?.at ?? ''}
      sx={{ width: '100%' }}
    >
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        lazyUpdate
        style={{ width: '100%', height: CARD_CHART_HEIGHT }}
        opts={{ renderer: 'canvas' }}
      />
    </Box>
  );
}

/** A server's history per minute (average over the min–max band, loss as bars). */
export function LatencyHistoryChart({
  history,
  limitMs,
  label,
}: {
  history: LatencyHistory;
  limitMs: number;
  label: string;
}) {
  const theme = useTheme();
  const option = useMemo(
    () =>
      latencyHistoryOption(
        history.minutes,
        limitMs,
        { from: history.from, to: history.to },
        {
          ...chartColors(theme),
          band: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.22 : 0.14),
        },
      ),
    [history, limitMs, theme],
  );
  return (
    <Box role="img" aria-label={label} data-testid="history-chart" data-minutes={history.minutes.length}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        style={{ width: '100%', height: HISTORY_CHART_HEIGHT }}
        opts={{ renderer: 'canvas' }}
      />
    </Box>
  );
}
