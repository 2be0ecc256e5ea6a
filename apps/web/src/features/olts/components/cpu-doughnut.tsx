import { useMemo } from 'react';
import { Box, useTheme } from '@mui/material';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { PieChart } from 'echarts/charts';
import { TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { NoReadingRing } from '../../../shared/ui/no-reading-ring';
import { cpuDoughnutOption } from '../cpu-chart';
import { NO_READING } from '../format';

echarts.use([PieChart, TitleComponent, TooltipComponent, CanvasRenderer]);

/** One OLT's CPU as a doughnut (red above 70%); without a reading it says so instead of drawing 0. */
export function CpuDoughnut({
  cpu,
  size = 120,
  label,
}: {
  cpu: number | null;
  size?: number;
  label: string;
}) {
  const theme = useTheme();
  const option = useMemo(
    () =>
      cpu === null
        ? null
        : cpuDoughnutOption(cpu, {
            normal: theme.palette.success.main,
            high: theme.palette.error.main,
            idle: theme.palette.action.disabledBackground,
            text: theme.palette.text.primary,
          }),
    [cpu, theme],
  );
  if (option === null)
    return (
      <NoReadingRing size={size} label={`${label}: CPU ${NO_READING.toLowerCase()}`} text={NO_READING} />
    );
  return (
    <Box
      role="img"
      aria-label={`${label}: CPU ${Math.round(cpu ?? 0)} percent`}
      sx={{ mx: 'auto', width: size }}
    >
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        style={{ width: size, height: size }}
        opts={{ renderer: 'canvas' }}
      />
    </Box>
  );
}
