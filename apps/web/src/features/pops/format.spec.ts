import { downForText, formatMinutes, minutesSince, sourceStateBadge } from './format';

describe('POP badges and times', () => {
  it('colours the Down Type as spec 3 §4 says: elc up green, down red; gen up red, down green', () => {
    expect(sourceStateBadge('electric', 'up')).toEqual({ label: 'Up', color: 'success' });
    expect(sourceStateBadge('electric', 'down')).toEqual({ label: 'Down', color: 'error' });
    expect(sourceStateBadge('generator', 'up')).toEqual({ label: 'Up', color: 'error' });
    expect(sourceStateBadge('generator', 'down')).toEqual({ label: 'Down', color: 'success' });
    expect(sourceStateBadge('generator', 'unknown')).toEqual({ label: 'Unknown', color: 'default' });
  });

  it('says how long a source has been down', () => {
    const now = Date.parse('2026-01-15T10:00:00Z');
    expect(minutesSince('2026-01-15T09:47:30Z', now)).toBe(12);
    expect(downForText('2026-01-15T09:47:30Z', now)).toBe('down 12 min');
    expect(downForText('2026-01-15T07:55:00Z', now)).toBe('down 2 h 5 min');
    expect(downForText(null, now)).toBe('down 0 min');
    expect(minutesSince('2026-01-15T10:05:00Z', now)).toBe(0);
  });

  it('writes minutes, hours and days', () => {
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(59)).toBe('59 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect(formatMinutes(26 * 60 + 30)).toBe('1 d 2 h');
    expect(formatMinutes(48 * 60)).toBe('2 d');
  });
});
