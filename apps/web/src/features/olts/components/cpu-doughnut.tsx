import { useMemo } from 'react';
import { Box, Typography, useTheme } from '@mui/material';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { PieChart } from 'echarts/charts';
import { TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
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
  if (option === null) {
    return (
      <Box
        role="img"
        aria-label={`${label}: CPU ${NO_READING.toLowerCase()}`}
        sx={{
          width: size,
          height: size,
          borderRadius: '50%',
          border: 10,
          borderColor: 'action.disabledBackground',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          mx: 'auto',
        }}
      >
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', px: 1 }}>
          {NO_READING}
        </Typography>
      </Box>
    );
  }
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
