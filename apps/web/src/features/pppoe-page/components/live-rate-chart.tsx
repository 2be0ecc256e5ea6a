import { useMemo } from 'react';
import { Box, useTheme } from '@mui/material';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { LIVE_CHART_HEIGHT, liveRateChartOption } from '../live-chart';
import type { RatePoint } from '../live-format';

echarts.use([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** The live upload and download of the last reads; what is drawn is also in attributes, for tests. */
export function LiveRateChart({ points }: { points: readonly RatePoint[] }) {
  const theme = useTheme();
  const option = useMemo(
    () =>
      liveRateChartOption(points, {
        upload: theme.palette.info.main,
        download: theme.palette.success.main,
        text: theme.palette.text.primary,
        grid: theme.palette.divider,
        tooltipBg: theme.palette.background.paper,
      }),
    [points, theme],
  );
  const last = points[points.length - 1];
  return (
    <Box
      role="img"
      aria-label={`Upload and download of the last ${points.length} reads`}
      data-testid="live-rate-chart"
      data-points={points.length}
      data-last-upload={last?.upload ?? ''}
      data-last-download={last?.download ?? ''}
      sx={{ width: '100%', mt: 0.5 }}
    >
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        style={{ width: '100%', height: LIVE_CHART_HEIGHT }}
        opts={{ renderer: 'canvas' }}
      />
    </Box>
  );
}
