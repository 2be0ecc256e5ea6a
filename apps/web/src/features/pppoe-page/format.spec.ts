import {
  cutText,
  dayLabel,
  downCountCaption,
  eventAction,
  formatSeconds,
  groupByDay,
  localDayKey,
  withUnit,
  REASON_TEXT_MAX,
} from './format';

describe('PPPoE page text helpers', () => {
  it('cuts tile text to 20 characters and keeps the full text', () => {
    expect(cutText('short')).toEqual({ shown: 'short', full: 'short', cut: false });
    const long = cutText('abcdefghijklmnopqrstuvwxyz');
    expect(long.cut).toBe(true);
    expect(long.shown).toBe('abcdefghijklmnopqrst…');
    expect(long.full).toBe('abcdefghijklmnopqrstuvwxyz');
    expect(cutText('exactly twenty chars').cut).toBe(false);
    expect(cutText(null)).toEqual({ shown: '', full: '', cut: false });
  });

  it('cuts the last disconnect reason to 10 characters', () => {
    expect(cutText('LOS / fiber down', REASON_TEXT_MAX).shown).toBe('LOS / fibe…');
  });

  it("labels a strip day 'Weekday, DD' on the local calendar", () => {
    expect(dayLabel('2024-09-24')).toBe('Tue, 24');
    expect(dayLabel('2025-01-05')).toBe('Sun, 05');
    expect(dayLabel('not a day')).toBe('not a day');
  });

  it('finds the local day of an instant', () => {
    const local = new Date(2024, 8, 24, 23, 30).toISOString();
    expect(localDayKey(local)).toBe('2024-09-24');
    expect(localDayKey('nonsense')).toBe('');
  });

  it('writes durations', () => {
    expect(formatSeconds(45)).toBe('45s');
    expect(formatSeconds(125)).toBe('2m 5s');
    expect(formatSeconds(2 * 3600 + 5 * 60)).toBe('2h 5m');
    expect(formatSeconds(3 * 86400 + 4 * 3600 + 5 * 60)).toBe('3d 4h 5m');
    expect(formatSeconds(null)).toBe('—');
    expect(formatSeconds(-1)).toBe('—');
  });

  it('names status events', () => {
    expect(eventAction({ to: 'offline' })).toBe('Went offline');
    expect(eventAction({ to: 'online' })).toBe('Came back');
  });

  it('groups events by local day in the given order', () => {
    const at = (d: number, h: number) => new Date(2024, 8, d, h).toISOString();
    const items = [{ at: at(25, 9) }, { at: at(25, 1) }, { at: at(24, 22) }, { at: at(23, 5) }];
    const groups = groupByDay(items, (i) => i.at);
    expect(groups.map((g) => [g.day, g.items.length])).toEqual([
      ['2024-09-25', 2],
      ['2024-09-24', 1],
      ['2024-09-23', 1],
    ]);
    expect(groupByDay([], (i: { at: string }) => i.at)).toEqual([]);
  });

  it('never shows a missing reading as 0', () => {
    expect(withUnit(null, '°C')).toBe('—');
    expect(withUnit(0, 'V', 2)).toBe('0.00 V');
    expect(withUnit(41.26, '°C')).toBe('41.3 °C');
  });

  it('says what the Down Count tile counts', () => {
    expect(downCountCaption('sessions')).toBe('session drops, last 30 days');
    expect(downCountCaption('onu')).toBe('ONU went offline, last 30 days');
  });
});
