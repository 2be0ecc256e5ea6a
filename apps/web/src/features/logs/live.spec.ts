import type { DeviceLogLine } from '@pondesk/contracts';
import {
  initialLiveLog,
  liveLogReducer,
  mergeNewest,
  sortLines,
  waitingText,
  type LiveLog,
  type LiveLogAction,
} from './live';

const X = 'olt:3f1c2a4e-8b7d-4c1e-9a2b-0c3d4e5f6a7b';
const Y = 'router:3f1c2a4e-8b7d-4c1e-9a2b-0c3d4e5f6a7b';

/** A line received `second` seconds after 08:00 UTC; ids grow with time. */
const line = (
  id: number,
  second: number,
  deviceId = X,
  extra: Partial<DeviceLogLine> = {},
): DeviceLogLine => ({
  id: String(id),
  receivedAt: new Date(Date.UTC(2026, 0, 15, 8, 0, second)).toISOString(),
  deviceTime: null,
  deviceId,
  deviceKind: deviceId.startsWith('olt') ? 'olt' : 'router',
  oltId: '3f1c2a4e-8b7d-4c1e-9a2b-0c3d4e5f6a7b',
  deviceName: deviceId === X ? 'uttara' : 'MikroTik Uttara',
  severity: 'info',
  kind: 'other',
  message: `line ${id}`,
  onu: null,
  mac: null,
  serial: null,
  pppoeUser: null,
  reason: null,
  ...extra,
});

const run = (state: LiveLog, ...actions: LiveLogAction[]) => actions.reduce(liveLogReducer, state);
const ids = (lines: readonly DeviceLogLine[]) => lines.map((l) => l.id);

describe('Live Log List', () => {
  it('merges lines once each, newest first, up to the limit', () => {
    const merged = mergeNewest([line(2, 2), line(1, 1)], [line(3, 3), line(2, 2), line(10, 2)]);
    expect(ids(merged)).toEqual(['3', '10', '2', '1']);
    expect(ids(mergeNewest([line(1, 1)], [line(2, 2), line(3, 3)], 2))).toEqual(['3', '2']);
  });

  it('fills from the first read, then puts pushed lines on top', () => {
    const state = run(
      initialLiveLog(),
      { type: 'loaded', device: '', lines: [line(2, 2), line(1, 1)] },
      { type: 'pushed', lines: [line(3, 3), line(4, 4, Y)] },
    );
    expect(ids(state.lines)).toEqual(['4', '3', '2', '1']);
  });

  it('keeps lines pushed before the first read arrives', () => {
    const state = run(
      initialLiveLog(),
      { type: 'pushed', lines: [line(3, 3)] },
      { type: 'loaded', device: '', lines: [line(2, 2), line(3, 3)] },
    );
    expect(ids(state.lines)).toEqual(['3', '2']);
  });

  it('keeps at most 500 lines, dropping the oldest', () => {
    const many = Array.from({ length: 600 }, (_, i) => line(i + 1, i));
    const state = run(
      initialLiveLog(),
      { type: 'loaded', device: '', lines: many.slice(0, 100) },
      {
        type: 'pushed',
        lines: many.slice(100),
      },
    );
    expect(state.lines).toHaveLength(500);
    expect(state.lines[0].id).toBe('600');
    expect(state.lines[499].id).toBe('101');
  });

  it('applies the device filter to pushed lines', () => {
    const state = run(
      initialLiveLog(Y),
      { type: 'loaded', device: Y, lines: [line(1, 1, Y)] },
      { type: 'pushed', lines: [line(2, 2, X), line(3, 3, Y)] },
    );
    expect(ids(state.lines)).toEqual(['3', '1']);
  });

  it('starts afresh on another device and ignores a late read of the previous one', () => {
    const state = run(
      initialLiveLog(),
      { type: 'loaded', device: '', lines: [line(1, 1, X), line(2, 2, Y)] },
      { type: 'device', device: X },
      { type: 'loaded', device: '', lines: [line(5, 5, Y)] },
    );
    expect(state).toMatchObject({ device: X, lines: [], loaded: false });
  });

  it('holds still while paused, counts what arrives, and adds it on resume', () => {
    const paused = run(
      initialLiveLog(),
      { type: 'loaded', device: '', lines: [line(1, 1)] },
      { type: 'pause' },
      { type: 'pushed', lines: [line(2, 2), line(3, 3)] },
      { type: 'pushed', lines: [line(3, 3), line(4, 4)] },
    );
    expect(ids(paused.lines)).toEqual(['1']);
    expect(paused.waiting).toBe(3);
    expect(waitingText(paused.waiting)).toBe('3 new lines');
    expect(waitingText(1)).toBe('1 new line');
    const resumed = liveLogReducer(paused, { type: 'resume' });
    expect(ids(resumed.lines)).toEqual(['4', '3', '2', '1']);
    expect(resumed).toMatchObject({ paused: false, waiting: 0, pending: [] });
  });

  it('counts a catch-up read after a reconnect as arrivals too', () => {
    const state = run(
      initialLiveLog(),
      { type: 'loaded', device: '', lines: [line(1, 1)] },
      { type: 'pause' },
      { type: 'loaded', device: '', lines: [line(2, 2), line(1, 1)] },
    );
    expect(state.waiting).toBe(1);
    expect(ids(state.lines)).toEqual(['1']);
  });

  it('re-sorts what is on screen by time, device or message, ties newest first', () => {
    const lines = [
      line(1, 1, X, { message: 'b second' }),
      line(2, 2, Y, { message: 'A first' }),
      line(3, 3, X, { message: 'c third' }),
    ];
    expect(ids(sortLines(lines, 'receivedAt', 'desc'))).toEqual(['3', '2', '1']);
    expect(ids(sortLines(lines, 'receivedAt', 'asc'))).toEqual(['1', '2', '3']);
    // 'mikrotik uttara' before 'uttara'; the two uttara lines newest first either way.
    expect(ids(sortLines(lines, 'device', 'asc'))).toEqual(['2', '3', '1']);
    expect(ids(sortLines(lines, 'device', 'desc'))).toEqual(['3', '1', '2']);
    expect(ids(sortLines(lines, 'message', 'asc'))).toEqual(['2', '1', '3']);
    expect(ids(sortLines(lines, 'message', 'desc'))).toEqual(['3', '1', '2']);
  });
});
