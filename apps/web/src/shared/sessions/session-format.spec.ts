import type { SessionEventRow, SessionHistoryDay } from '@pondesk/contracts';
import {
  actionChip,
  causeChip,
  changesMention,
  dash,
  hasPendingCause,
  historyDays,
  mentionsPppoe,
  previewHistory,
} from './session-format';

const event = (id: string, at: string, extra: Partial<SessionEventRow> = {}): SessionEventRow => ({
  id,
  at,
  action: 'down',
  ip: null,
  mac: null,
  router: null,
  cause: null,
  ...extra,
});

const day = (date: string, events: SessionEventRow[]): SessionHistoryDay => ({
  date,
  count: events.length,
  events,
});

describe('session display helpers', () => {
  it("shows '-' for a missing value, never an empty cell", () => {
    expect(dash(null)).toBe('-');
    expect(dash(undefined)).toBe('-');
    expect(dash('')).toBe('-');
    expect(dash('10.0.0.7')).toBe('10.0.0.7');
    expect(dash(0)).toBe('0');
    expect(dash(120)).toBe('120');
  });

  it('colours causes: power off amber, LOS red, router blue, unknown grey, pending grey outlined', () => {
    expect(causeChip('onu-power-off')).toEqual({
      label: 'ONU power off',
      color: 'warning',
      variant: 'filled',
    });
    expect(causeChip('fibre-los')).toEqual({ label: 'fibre LOS', color: 'error', variant: 'filled' });
    expect(causeChip('onu-online')).toEqual({
      label: 'ONU online: router or PPP only',
      color: 'info',
      variant: 'filled',
    });
    expect(causeChip('onu-unknown')).toEqual({ label: 'ONU unknown', color: 'default', variant: 'filled' });
    expect(causeChip('pending')).toEqual({
      label: 'Checking the ONU…',
      color: 'default',
      variant: 'outlined',
    });
    expect(causeChip('onu-other')).toEqual({
      label: 'ONU went offline',
      color: 'warning',
      variant: 'filled',
    });
  });

  it('shows up green and down red', () => {
    expect(actionChip('up')).toEqual({ label: 'Up', color: 'success', variant: 'outlined' });
    expect(actionChip('down')).toEqual({ label: 'Down', color: 'error', variant: 'outlined' });
  });
});

describe('history grouping', () => {
  it('orders days and the events of each day newest first', () => {
    const days = historyDays([
      day('2026-05-01', [event('a', '2026-05-01T08:00:00Z'), event('b', '2026-05-01T21:30:00Z')]),
      day('2026-05-03', [event('c', '2026-05-03T10:00:00Z')]),
      day('2026-05-02', [
        event('d', '2026-05-02T01:00:00Z'),
        event('e', '2026-05-02T23:59:00Z'),
        event('f', '2026-05-02T12:00:00Z'),
      ]),
    ]);
    expect(days.map((d) => d.date)).toEqual(['2026-05-03', '2026-05-02', '2026-05-01']);
    expect(days.map((d) => d.events.map((e) => e.id))).toEqual([['c'], ['e', 'f', 'd'], ['b', 'a']]);
  });

  it('does not reorder what it was given', () => {
    const given = [
      day('2026-05-01', [event('a', '2026-05-01T08:00:00Z'), event('b', '2026-05-01T09:00:00Z')]),
    ];
    historyDays(given);
    expect(given[0].events.map((e) => e.id)).toEqual(['a', 'b']);
  });

  it('shows the first events up to the limit, cutting the day where it falls', () => {
    const days = [
      day('2026-05-03', [event('a', '2026-05-03T10:00:00Z'), event('b', '2026-05-03T09:00:00Z')]),
      day('2026-05-02', [
        event('c', '2026-05-02T10:00:00Z'),
        event('d', '2026-05-02T09:00:00Z'),
        event('e', '2026-05-02T08:00:00Z'),
      ]),
      day('2026-05-01', [event('f', '2026-05-01T10:00:00Z')]),
    ];
    const cut = previewHistory(days, 3);
    expect(cut.days.map((d) => [d.date, d.count, d.events.map((e) => e.id)])).toEqual([
      ['2026-05-03', 2, ['a', 'b']],
      ['2026-05-02', 3, ['c']],
    ]);
    expect(cut.hidden).toBe(3);
    expect(previewHistory(days, 10)).toEqual({ days, hidden: 0 });
    expect(previewHistory([], 10)).toEqual({ days: [], hidden: 0 });
  });

  it('knows when a drop still waits for its cause', () => {
    expect(
      hasPendingCause([day('2026-05-01', [event('a', '2026-05-01T08:00:00Z', { cause: 'pending' })])]),
    ).toBe(true);
    expect(
      hasPendingCause([day('2026-05-01', [event('a', '2026-05-01T08:00:00Z', { cause: 'fibre-los' })])]),
    ).toBe(false);
    expect(hasPendingCause([])).toBe(false);
  });
});

describe('live matching', () => {
  it('finds a PPPoE id among pushed events, whatever its case', () => {
    const events = [{ pppoeId: 'Rahim@ISP' }, { pppoeId: 'karim' }];
    expect(mentionsPppoe(events, ['rahim@isp'])).toBe(true);
    expect(mentionsPppoe(events, ['x', 'KARIM'])).toBe(true);
    expect(mentionsPppoe(events, ['rahim'])).toBe(false);
    expect(mentionsPppoe([], ['rahim@isp'])).toBe(false);
  });

  it('finds a PPPoE id among ONU status changes', () => {
    const changes = [{ pppoeIds: ['a1', 'A2'] }, { pppoeIds: [] }];
    expect(changesMention(changes, ['a2'])).toBe(true);
    expect(changesMention(changes, ['a3'])).toBe(false);
    expect(changesMention([], ['a1'])).toBe(false);
  });
});
