import type { EChartsCoreOption } from 'echarts/core';

/** Spec §9: the CPU chart turns red above 70 percent; idle is 100 minus CPU. */
export const CPU_ALERT_PERCENT = 70;

export type CpuLevel = 'none' | 'normal' | 'high';

export function cpuLevel(cpu: number | null): CpuLevel {
  if (cpu === null || !Number.isFinite(cpu)) return 'none';
  return cpu > CPU_ALERT_PERCENT ? 'high' : 'normal';
}

export interface CpuChartColors {
  normal: string;
  high: string;
  idle: string;
  text: string;
}

const clampPercent = (n: number): number => Math.min(100, Math.max(0, n));

/** Doughnut of one OLT's CPU reading; callers show "no reading" instead when the value is null. */
export function cpuDoughnutOption(cpu: number, colors: CpuChartColors): EChartsCoreOption {
  const used = Math.round(clampPercent(cpu) * 10) / 10;
  const idle = Math.round((100 - used) * 10) / 10;
  const usedColor = cpuLevel(cpu) === 'high' ? colors.high : colors.normal;
  return {
    animation: false,
    tooltip: { trigger: 'item', formatter: '{b}: {c}%' },
    title: {
      text: `${Math.round(used)}%`,
      left: 'center',
      top: 'center',
      textStyle: { fontSize: 16, fontWeight: 600, color: colors.text },
    },
    series: [
      {
        type: 'pie',
        radius: ['62%', '88%'],
        avoidLabelOverlap: false,
        label: { show: false },
        labelLine: { show: false },
        emphasis: { scale: false },
        data: [
          { name: 'CPU', value: used, itemStyle: { color: usedColor } },
          { name: 'Idle', value: idle, itemStyle: { color: colors.idle } },
        ],
      },
    ],
  };
}
