import { useMemo } from 'react';
import { Box, useTheme } from '@mui/material';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { PieChart } from 'echarts/charts';
import { TitleComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { rxLevel } from '@pondesk/contracts';
import { NO_READING } from '../../onus';
import { NoReadingRing } from '../../../shared/ui/no-reading-ring';
import { dbmDonutOption } from '../charts';

echarts.use([PieChart, TitleComponent, CanvasRenderer]);

/** A live dBm reading as a donut coloured by the signal bands; without a reading it says so. */
export function DbmDonut({
  rxDbm,
  label = 'dBm',
  size = 160,
}: {
  rxDbm: number | null;
  label?: string;
  size?: number;
}) {
  const theme = useTheme();
  const level = rxLevel(rxDbm);
  const option = useMemo(
    () =>
      rxDbm === null
        ? null
        : dbmDonutOption(
            rxDbm,
            {
              fill: level === 'default' ? theme.palette.grey[500] : theme.palette[level].main,
              rest: theme.palette.action.disabledBackground,
              text: theme.palette.text.primary,
              muted: theme.palette.text.secondary,
            },
            label,
          ),
    [rxDbm, level, label, theme],
  );
  if (option === null)
    return (
      <NoReadingRing
        size={size}
        border={size * 0.09}
        label={`${label}: ${NO_READING.toLowerCase()}`}
        text={NO_READING}
      />
    );
  return (
    <Box
      role="img"
      aria-label={`${label}: ${rxDbm?.toFixed(2)} dBm`}
      sx={{ width: size, mx: 'auto' }}
      data-testid="dbm-donut"
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
