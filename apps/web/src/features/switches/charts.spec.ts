import type { SwitchPortHistory } from '@pondesk/contracts';
import { drawnCounts, portChartOption, portTooltip } from './charts';

const colors = { rx: '#1', tx: '#2', band: '#3', text: '#4', muted: '#5', grid: '#6', tooltipBg: '#7' };

const base = {
  port: {} as SwitchPortHistory['port'],
  from: '2025-06-01T00:00:00.000Z',
  to: '2025-06-03T00:00:00.000Z',
  events: [],
  olts: [],
};

type Series = { name: string; data: [number, number | null][] };

describe('port chart', () => {
  it('draws rx and tx lines over the whole range, a missing reading as a gap', () => {
    const history: SwitchPortHistory = {
      ...base,
      resolution: 'raw',
      points: [
        { at: '2025-06-01T01:00:00.000Z', rxDbm: -8.5, txDbm: -3, linkUp: true },
        { at: '2025-06-01T01:05:00.000Z', rxDbm: null, txDbm: -3.1, linkUp: false },
      ],
    };
    const option = portChartOption(history, colors) as {
      series: Series[];
      xAxis: { min: number; max: number };
    };
    expect(option.series.map((s) => s.name)).toEqual(['Rx', 'Tx']);
    expect(option.series[0].data).toEqual([
      [Date.parse('2025-06-01T01:00:00.000Z'), -8.5],
      [Date.parse('2025-06-01T01:05:00.000Z'), null],
    ]);
    expect(option.xAxis).toMatchObject({ min: Date.parse(base.from), max: Date.parse(base.to) });
    expect(drawnCounts(history)).toEqual({ rx: 1, tx: 2 });
  });

  it('draws the hour min to max of rx as a band under hourly lines', () => {
    const history: SwitchPortHistory = {
      ...base,
      resolution: 'hour',
      points: [
        { at: '2025-06-01T01:00:00.000Z', rxDbm: -9, txDbm: -3, rxMin: -10.5, rxMax: -8, linkUp: true },
      ],
    };
    const option = portChartOption(history, colors) as { series: Series[] };
    expect(option.series.map((s) => s.name)).toEqual(['Rx min', 'Rx range', 'Rx', 'Tx']);
    expect(option.series[0].data[0][1]).toBe(-10.5);
    expect(option.series[1].data[0][1]).toBe(2.5);
    expect(portTooltip(history.points[0], true)).toContain('Rx range: -10.50 dBm to -8.00 dBm');
  });
});
