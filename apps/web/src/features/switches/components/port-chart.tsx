import { useMemo } from 'react';
import { Box, alpha, useTheme } from '@mui/material';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { SwitchPortHistory } from '@pondesk/contracts';
import { drawnCounts, PORT_CHART_HEIGHT, portChartOption } from '../charts';

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

/** Rx and tx of a port over the range; colours follow the theme. */
export function PortChart({ history, label }: { history: SwitchPortHistory; label: string }) {
  const theme = useTheme();
  const option = useMemo(
    () =>
      portChartOption(history, {
        rx: theme.palette.primary.main,
        tx: theme.palette.secondary.main,
        band: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.22 : 0.14),
        text: theme.palette.text.primary,
        muted: theme.palette.text.secondary,
        grid: theme.palette.divider,
        tooltipBg: theme.palette.background.paper,
      }),
    [history, theme],
  );
  // What is drawn, also as attributes: the canvas cannot be read by tests or assistive tools.
  const drawn = drawnCounts(history);
  return (
    <Box
      role="img"
      aria-label={label}
      sx={{ width: '100%' }}
      data-testid="switch-port-chart"
      data-points={history.points.length}
      data-rx-points={drawn.rx}
      data-tx-points={drawn.tx}
      data-resolution={history.resolution}
    >
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        style={{ width: '100%', height: PORT_CHART_HEIGHT }}
        opts={{ renderer: 'canvas' }}
      />
    </Box>
  );
}
