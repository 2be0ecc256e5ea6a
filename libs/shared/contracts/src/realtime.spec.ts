import {
  ONU_STATUS_CHANGES_PER_EVENT,
  allOltsRoom,
  forViewers,
  oltEventRooms,
  oltRoom,
  onuStatusChangesEvents,
  shareRoom,
  type OnuStatusChange,
} from './realtime';

const change = (onuId: number): OnuStatusChange => ({
  onuRef: `onu-${onuId}`,
  ponPort: 1,
  onuId,
  ifName: `gpon0/1:${onuId}`,
  pppoeIds: [],
  from: 'online',
  to: 'offline',
  reason: 'los',
  reasonRaw: 'LOS',
  at: '2026-11-23T08:00:00.000Z',
});
const at = '2026-11-23T08:00:05.000Z';

describe('onuStatusChangesEvents', () => {
  it('carries one change in one message of its OLT', () => {
    expect(onuStatusChangesEvents('olt-a', at, [change(1)])).toEqual([
      { oltId: 'olt-a', at, changes: [change(1)] },
    ]);
  });

  it('publishes nothing when nothing changed', () => {
    expect(onuStatusChangesEvents('olt-a', at, [])).toEqual([]);
  });

  it('keeps a whole outage under the limit in one message', () => {
    const changes = Array.from({ length: ONU_STATUS_CHANGES_PER_EVENT }, (_, i) => change(i));
    const events = onuStatusChangesEvents('olt-a', at, changes);
    expect(events).toHaveLength(1);
    expect(events[0].changes).toEqual(changes);
  });

  it('splits a larger list into bounded messages, in order, losing none', () => {
    const changes = Array.from({ length: 2 * ONU_STATUS_CHANGES_PER_EVENT + 1 }, (_, i) => change(i));
    const events = onuStatusChangesEvents('olt-a', at, changes);
    expect(events.map((e) => e.changes.length)).toEqual([
      ONU_STATUS_CHANGES_PER_EVENT,
      ONU_STATUS_CHANGES_PER_EVENT,
      1,
    ]);
    expect(events.every((e) => e.oltId === 'olt-a' && e.at === at)).toBe(true);
    expect(events.flatMap((e) => e.changes)).toEqual(changes);
  });

  it('takes a smaller chunk size and refuses one that is not a positive integer', () => {
    expect(
      onuStatusChangesEvents('olt-a', at, [change(1), change(2), change(3)], 2).map((e) => e.changes.length),
    ).toEqual([2, 1]);
    expect(() => onuStatusChangesEvents('olt-a', at, [change(1)], 0)).toThrow(RangeError);
    expect(() => onuStatusChangesEvents('olt-a', at, [change(1)], 1.5)).toThrow(RangeError);
  });
});

describe('OLT events for share links', () => {
  it('go to the viewers in rooms of their own, never a staff room', () => {
    const rooms = oltEventRooms({ id: 'olt-a', tenantId: 't-1' });
    expect(rooms.staff).toEqual([allOltsRoom('t-1'), oltRoom('olt-a')]);
    expect(rooms.viewers).toHaveLength(2);
    for (const room of rooms.viewers) {
      expect(rooms.staff).not.toContain(room);
      expect(room).not.toBe(shareRoom('olt-a'));
    }
  });

  it("leave the device's error text out of the viewers' copy, and the staff's payload as it was", () => {
    const polled = { oltId: 'olt-a', ok: false, error: 'timeout from 10.0.0.5', at: 'now' };
    expect(forViewers(polled)).toEqual({ oltId: 'olt-a', ok: false, at: 'now' });
    expect(polled.error).toBe('timeout from 10.0.0.5');
    const quiet = { oltId: 'olt-a', ok: true, at: 'now' };
    expect(forViewers(quiet)).toBe(quiet);
  });
});
