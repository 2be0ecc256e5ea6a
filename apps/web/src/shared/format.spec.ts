import { formatAgo, parseDayKey } from './format';

describe('shared time helpers', () => {
  it('says how long ago, in the largest whole unit', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    expect(formatAgo('2026-05-01T11:59:30Z', now)).toBe('just now');
    expect(formatAgo('2026-05-01T11:58:00Z', now)).toBe('2 min ago');
    expect(formatAgo('2026-05-01T09:00:00Z', now)).toBe('3 h ago');
    expect(formatAgo('2026-04-30T10:00:00Z', now)).toBe('1 day ago');
    expect(formatAgo(null, now)).toBe('never');
    expect(formatAgo('not a time', now)).toBe('never');
  });

  it('reads a YYYY-MM-DD day as that local date', () => {
    const d = parseDayKey('2024-09-24');
    expect(d && [d.getFullYear(), d.getMonth() + 1, d.getDate()]).toEqual([2024, 9, 24]);
    expect(parseDayKey('24/09/2024')).toBeNull();
  });
});
