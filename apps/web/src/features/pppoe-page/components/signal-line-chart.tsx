import { useMemo } from 'react';
import { Box, alpha, useTheme } from '@mui/material';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { SignalHistory } from '@pondesk/contracts';
import {
  SIGNAL_CHART_HEIGHT,
  signalAxis,
  signalChartOption,
  signalSeries,
  type CurrentReading,
} from '../charts';

echarts.use([LineChart, GridComponent, TooltipComponent, DataZoomComponent, CanvasRenderer]);

/** The signal history line (450 px), ending with the current reading at now; colours follow the theme. */
export function SignalLineChart({
  history,
  current,
  now,
  label,
}: {
  history: SignalHistory;
  current: CurrentReading | null;
  now: number;
  label: string;
}) {
  const theme = useTheme();
  const option = useMemo(
    () =>
      signalChartOption(
        history,
        {
          line: theme.palette.primary.main,
          band: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.22 : 0.14),
          text: theme.palette.text.primary,
          muted: theme.palette.text.secondary,
          grid: theme.palette.divider,
          tooltipBg: theme.palette.background.paper,
        },
        { current, now },
      ),
    [history, theme, current, now],
  );
  // What is drawn, also as attributes: the canvas itself cannot be read by tests or assistive tools.
  const drawn = useMemo(() => {
    const points = signalSeries(history, current);
    return { points: points.length, ...signalAxis(history, points, now) };
  }, [history, current, now]);
  return (
    <Box
      role="img"
      aria-label={label}
      sx={{ width: '100%' }}
      data-points={drawn.points}
      data-axis-min={new Date(drawn.min).toISOString()}
      data-axis-max={new Date(drawn.max).toISOString()}
    >
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        style={{ width: '100%', height: SIGNAL_CHART_HEIGHT }}
        opts={{ renderer: 'canvas' }}
      />
    </Box>
  );
}
