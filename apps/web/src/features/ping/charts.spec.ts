import type { LatencyMinute } from '@pondesk/contracts';
import { historySummary, latencyAxisMax, latencyCardOption, LINE_TENSION, showsLimit } from './charts';

const colors = {
  line: 'blue',
  alert: 'red',
  limit: 'orange',
  text: 'black',
  muted: 'grey',
  grid: 'lightgrey',
  tooltipBg: 'white',
};
const at = (s: number) => new Date(2026, 0, 15, 8, 30, s).toISOString();

describe('the card chart', () => {
  it('draws the points with hh:mm:ss labels, a smooth line of tension 0.4, and lost replies as gaps', () => {
    const points = [
      { at: at(1), rttMs: 3 },
      { at: at(2), rttMs: null },
      { at: at(3), rttMs: 5 },
    ];
    const option = latencyCardOption(points, 50, false, colors) as {
      xAxis: { data: string[] };
      series: { type: string; data: (number | null)[]; smooth?: number; lineStyle?: { color: string } }[];
    };
    expect(option.xAxis.data).toEqual(['08:30:01', '08:30:02', '08:30:03']);
    const [line, lost] = option.series;
    expect(line.smooth).toBe(LINE_TENSION);
    expect(LINE_TENSION).toBe(0.4);
    expect(line.data).toEqual([3, null, 5]);
    expect(lost.data).toEqual([null, 0, null]);
    expect(line.lineStyle?.color).toBe('blue');
    const red = latencyCardOption(points, 50, true, colors) as typeof option;
    expect(red.series[0].lineStyle?.color).toBe('red');
  });

  it('fits the axis to the points, and to the limit when it is within reach', () => {
    const fast = [{ at: at(1), rttMs: 2 }];
    // The 50 ms limit is far above a 2 ms line: the axis follows the line.
    expect(latencyAxisMax(fast, 50)).toBe(3);
    expect(showsLimit(fast, 50)).toBe(false);
    const near = [{ at: at(1), rttMs: 30 }];
    expect(latencyAxisMax(near, 50)).toBe(60);
    expect(showsLimit(near, 50)).toBe(true);
    expect(latencyAxisMax([{ at: at(1), rttMs: 120 }], 50)).toBe(200);
    expect(latencyAxisMax([], 50)).toBe(60);
  });
});

describe('the history summary', () => {
  const minute = (
    sent: number,
    received: number,
    avgMs: number | null,
    maxMs: number | null,
  ): LatencyMinute => ({
    at: at(0),
    sent,
    received,
    minMs: avgMs,
    avgMs,
    maxMs,
    lossPct: sent ? ((sent - received) / sent) * 100 : 0,
  });

  it('weighs each minute’s average by its replies and counts the loss over all probes', () => {
    const s = historySummary([minute(60, 60, 2, 4), minute(60, 30, 8, 20), minute(60, 0, null, null)]);
    expect(s.avgMs).toBeCloseTo((2 * 60 + 8 * 30) / 90, 6);
    expect(s.maxMs).toBe(20);
    expect(s.lossPct).toBeCloseTo(50, 6);
  });

  it('has no figures without probes', () => {
    expect(historySummary([])).toEqual({ avgMs: null, maxMs: null, lossPct: null });
  });
});
