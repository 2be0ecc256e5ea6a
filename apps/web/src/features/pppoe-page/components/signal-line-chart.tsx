import { useMemo } from 'react';
import { Box, alpha, useTheme } from '@mui/material';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { SignalHistory } from '@pondesk/contracts';
import { SIGNAL_CHART_HEIGHT, signalChartOption } from '../charts';

echarts.use([LineChart, GridComponent, TooltipComponent, DataZoomComponent, CanvasRenderer]);

/** The signal history line (450 px); colours follow the light or dark theme. */
export function SignalLineChart({ history, label }: { history: SignalHistory; label: string }) {
  const theme = useTheme();
  const option = useMemo(
    () =>
      signalChartOption(history, {
        line: theme.palette.primary.main,
        band: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.22 : 0.14),
        text: theme.palette.text.primary,
        muted: theme.palette.text.secondary,
        grid: theme.palette.divider,
        tooltipBg: theme.palette.background.paper,
      }),
    [history, theme],
  );
  return (
    <Box role="img" aria-label={label} sx={{ width: '100%' }}>
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
