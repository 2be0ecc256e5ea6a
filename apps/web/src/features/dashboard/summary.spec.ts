import { SIGNAL_BANDS } from '@pondesk/contracts';
import { bandShares, formatCount, pageSlice, unreadCount, type SignalBandSummary } from './summary';

const bands = (counts: number[]): SignalBandSummary[] =>
  SIGNAL_BANDS.map((b, i) => ({
    key: b.key,
    name: b.name,
    color: b.color,
    description: b.description,
    count: counts[i] ?? 0,
  }));

describe('unreadCount', () => {
  it('counts ONUs outside every band', () => {
    expect(unreadCount({ onuCount: 100, bands: bands([10, 20, 30, 5, 5]) })).toBe(30);
    expect(unreadCount({ onuCount: 0, bands: bands([]) })).toBe(0);
  });

  it('never goes below zero when the figures are read at different moments', () => {
    expect(unreadCount({ onuCount: 10, bands: bands([11]) })).toBe(0);
  });
});

describe('bandShares', () => {
  it('gives each band its share of the read ONUs', () => {
    expect(bandShares(bands([50, 25, 25, 0, 0]))).toEqual([50, 25, 25, 0, 0]);
  });

  it('is all zero without readings', () => {
    expect(bandShares(bands([]))).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('pageSlice', () => {
  const rows = Array.from({ length: 45 }, (_, i) => i);

  it('cuts 1-based pages', () => {
    expect(pageSlice(rows, 1, 20)).toEqual(rows.slice(0, 20));
    expect(pageSlice(rows, 3, 20)).toEqual([40, 41, 42, 43, 44]);
  });

  it('clamps a page past either end', () => {
    expect(pageSlice(rows, 9, 20)).toEqual([40, 41, 42, 43, 44]);
    expect(pageSlice(rows, 0, 20)).toEqual(rows.slice(0, 20));
    expect(pageSlice([], 2, 20)).toEqual([]);
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(3008)).toBe('3,008');
    expect(formatCount(12)).toBe('12');
  });
});
