import {
  NO_READING,
  formatDuration,
  formatInterval,
  formatMonths,
  formatPercent,
  formatUptime,
} from './format';

describe('formatters', () => {
  it('says no reading rather than zero', () => {
    expect(formatPercent(null)).toBe(NO_READING);
    expect(formatUptime(null)).toBe(NO_READING);
    expect(formatPercent(0)).toBe('0%');
  });

  it('formats uptime', () => {
    expect(formatUptime(42)).toBe('42s');
    expect(formatUptime(125)).toBe('2m 5s');
    expect(formatUptime(3 * 3600 + 60)).toBe('3h 1m');
    expect(formatUptime(2 * 86400 + 5 * 3600 + 7 * 60)).toBe('2d 5h 7m');
  });

  it('formats poll durations and months', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12345)).toBe('12.3 s');
    expect(formatDuration(null)).toBe('—');
    expect(formatMonths(1)).toBe('1 month');
    expect(formatMonths(6)).toBe('6 months');
  });

  it('formats poll intervals', () => {
    expect(formatInterval(300)).toBe('300 s (5 min)');
    expect(formatInterval(3600)).toBe('3600 s (1 h)');
    expect(formatInterval(90)).toBe('90 s');
  });
});
