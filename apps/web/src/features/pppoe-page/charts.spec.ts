import type { SignalHistory } from '@pondesk/contracts';
import {
  currentReading,
  dbmDonutOption,
  signalAxis,
  signalChartOption,
  signalSeries,
  signalTooltip,
} from './charts';

const colors = {
  line: 'blue',
  band: 'lightblue',
  text: 'black',
  muted: 'grey',
  grid: '#eee',
  tooltipBg: '#fff',
};

interface Series {
  name: string;
  data: [number, number][];
  stack?: string;
  stackStrategy?: string;
}
interface Option {
  series: Series[];
  xAxis: { min?: number; max?: number };
  yAxis: { name: string };
  tooltip: { formatter: (p: { dataIndex: number }[]) => string };
}

const history = (resolution: 'raw' | 'hourly', points: SignalHistory['points']): SignalHistory => ({
  resolution,
  from: '2024-09-24T00:00:00Z',
  to: '2024-09-25T00:00:00Z',
  points,
});

describe('signal chart', () => {
  it('draws a day of raw samples as one line in negative dBm', () => {
    const option = signalChartOption(
      history('raw', [
        { at: '2024-09-24T01:00:00Z', rxDbm: -21.5 },
        { at: '2024-09-24T01:05:00Z', rxDbm: -22 },
      ]),
      colors,
    ) as unknown as Option;
    expect(option.yAxis.name).toBe('-dBm');
    expect([option.xAxis.min, option.xAxis.max]).toEqual([
      Date.parse('2024-09-24T00:00:00Z'),
      Date.parse('2024-09-25T00:00:00Z'),
    ]);
    expect(option.series).toHaveLength(1);
    expect(option.series[0].data).toEqual([
      [Date.parse('2024-09-24T01:00:00Z'), -21.5],
      [Date.parse('2024-09-24T01:05:00Z'), -22],
    ]);
  });

  it('draws hourly rollups as the average over a min-to-max band', () => {
    const option = signalChartOption(
      history('hourly', [{ at: '2024-09-24T01:00:00Z', rxDbm: -22, rxMin: -23.5, rxMax: -21 }]),
      colors,
    ) as unknown as Option;
    const [min, range, avg] = option.series;
    expect(min.data[0][1]).toBe(-23.5);
    expect(range.data[0][1]).toBeCloseTo(2.5);
    expect(min.stack).toBe(range.stack);
    expect(range.stackStrategy).toBe('all');
    expect(avg.name).toBe('Average');
    expect(avg.data[0][1]).toBe(-22);
    expect(option.tooltip.formatter([{ dataIndex: 0 }])).toContain('Range: -23.50 dBm to -21.00 dBm');
  });

  it('says the time and the value in its tooltip', () => {
    const text = signalTooltip({ at: '2024-09-24T01:00:00Z', rxDbm: -21.5 }, false);
    expect(text).toContain(new Date('2024-09-24T01:00:00Z').toLocaleString());
    expect(text).toContain('Rx: -21.50 dBm');
  });
});

describe('signal chart with the current reading', () => {
  // A new ONU: one sample at its first poll (03:10), steady since, polled again at 03:40; it is 03:41.
  const now = Date.parse('2024-09-24T03:41:00Z');
  const current = { rxDbm: -19.76, at: '2024-09-24T03:40:00Z' };

  it('adds the current reading after a one-sample day, giving a two-point line', () => {
    const day = history('raw', [{ at: '2024-09-24T03:10:00Z', rxDbm: -19.9 }]);
    expect(signalSeries(day, current)).toEqual([
      { at: '2024-09-24T03:10:00Z', rxDbm: -19.9 },
      { at: '2024-09-24T03:40:00Z', rxDbm: -19.76, current: true },
    ]);
    const option = signalChartOption(day, colors, { current, now }) as unknown as Option;
    expect(option.series[0].data).toEqual([
      [Date.parse('2024-09-24T03:10:00Z'), -19.9],
      [Date.parse('2024-09-24T03:40:00Z'), -19.76],
    ]);
    expect(option.tooltip.formatter([{ dataIndex: 1 }])).toContain('Now (last poll): -19.76 dBm');
  });

  it("ends today's axis at now and a past day's at its end", () => {
    const today = history('raw', [{ at: '2024-09-24T03:10:00Z', rxDbm: -19.9 }]);
    expect(signalAxis(today, today.points, now)).toEqual({
      min: Date.parse('2024-09-24T00:00:00Z'),
      max: now,
    });
    const later = Date.parse('2024-09-27T10:00:00Z');
    expect(signalAxis(today, today.points, later)).toEqual({
      min: Date.parse('2024-09-24T00:00:00Z'),
      max: Date.parse('2024-09-25T00:00:00Z'),
    });
  });

  it("ends 'All' at now, not at the next day, starting from the first point", () => {
    const all: SignalHistory = {
      resolution: 'hourly',
      from: '2024-06-26T03:41:00Z',
      to: '2024-09-24T03:41:00Z',
      points: [{ at: '2024-09-24T03:00:00Z', rxDbm: -19.9, rxMin: -19.9, rxMax: -19.9 }],
    };
    const option = signalChartOption(all, colors, { current, now }) as unknown as Option;
    expect([option.xAxis.min, option.xAxis.max]).toEqual([Date.parse('2024-09-24T02:41:00Z'), now]);
    const line = option.series[option.series.length - 1];
    expect(line.data).toEqual([
      [Date.parse('2024-09-24T03:00:00Z'), -19.9],
      [Date.parse('2024-09-24T03:40:00Z'), -19.76],
    ]);
  });

  it('leaves the samples alone when the reading is not newer or belongs to another day', () => {
    const sampledAtPoll = history('raw', [{ at: '2024-09-24T03:40:00Z', rxDbm: -19.76 }]);
    expect(signalSeries(sampledAtPoll, current)).toHaveLength(1);
    const pastDay = history('raw', [{ at: '2024-09-24T03:10:00Z', rxDbm: -19.9 }]);
    expect(signalSeries(pastDay, { rxDbm: -20, at: '2024-09-26T08:00:00Z' })).toHaveLength(1);
    expect(signalSeries(history('raw', []), current)).toEqual([{ ...current, current: true }]);
  });

  it('takes the current reading only from an online ONU with a reading', () => {
    const seen = '2024-09-24T03:40:00Z';
    expect(currentReading({ status: 'online', rxDbm: -21.5, lastSeenAt: seen })).toEqual({
      rxDbm: -21.5,
      at: seen,
    });
    expect(currentReading({ status: 'offline', rxDbm: -21.5, lastSeenAt: seen })).toBeNull();
    expect(currentReading({ status: 'online', rxDbm: null, lastSeenAt: seen })).toBeNull();
    expect(currentReading({ status: 'online', rxDbm: -21.5, lastSeenAt: null })).toBeNull();
  });
});

describe('dBm donut', () => {
  type Slice = { value: number };
  const slices = (rx: number) =>
    (
      dbmDonutOption(rx, { fill: 'g', rest: 'r', text: 't', muted: 'm' }) as {
        series: { data: Slice[]; radius: string[] }[];
      }
    ).series[0];

  it('fills from -32 dBm (empty) to -8 dBm (full) against the rest of 100', () => {
    expect(slices(-20).data.map((s) => s.value)).toEqual([50, 50]);
    expect(slices(-8).data.map((s) => s.value)).toEqual([100, 0]);
    expect(slices(-40).data.map((s) => s.value)).toEqual([0, 100]);
  });

  it('writes the reading in its middle', () => {
    const option = dbmDonutOption(
      -18.214,
      { fill: 'g', rest: 'r', text: 't', muted: 'm' },
      'Receive power',
    ) as {
      title: { text: string };
    };
    expect(option.title.text).toBe('{value|-18.21}\n{unit|Receive power}');
  });

  it('has an 80% cutout', () => {
    const [inner, outer] = slices(-20).radius.map((r) => parseFloat(r));
    expect(inner / outer).toBeCloseTo(0.8);
  });
});
