import { isCalendarDay, isDateTime } from './patterns';

describe('dates that exist', () => {
  it('accepts real days only', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-00-10')).toBe(false);
    expect(isCalendarDay('2026-1-1')).toBe(false);
    expect(isCalendarDay('0050-01-01')).toBe(true);
  });

  it('accepts date-times that name a real instant, with their zone', () => {
    expect(isDateTime('2026-01-31T10:00:00Z')).toBe(true);
    expect(isDateTime('2026-01-31T10:00:00.123+06:00')).toBe(true);
    expect(isDateTime('2026-02-30T10:00:00Z')).toBe(false);
    expect(isDateTime('2026-01-31T24:00:00Z')).toBe(false);
    expect(isDateTime('2026-01-31T10:00:00')).toBe(false);
    expect(isDateTime('2026-01-31')).toBe(false);
  });
});
