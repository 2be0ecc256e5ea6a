import type { OltDetail, OltList, OltRow } from '@pondesk/contracts';
import { needsRefetch, patchDetail, patchList, patchRow, type OltEvent } from './live-updates';

const row = (id: string, over: Partial<OltRow> = {}): OltRow => ({
  id,
  code: id,
  name: id,
  host: '10.0.0.2',
  brand: 'vsol',
  mode: 'gpon',
  model: null,
  branchId: null,
  branchName: null,
  mikrotikHost: null,
  status: 'online',
  cpuPercent: 10,
  memoryPercent: 20,
  onuCount: 10,
  onlineOnuCount: 8,
  ponPortCount: 8,
  lastPolledAt: null,
  lastError: null,
  expiresOn: null,
  expiryState: 'active',
  ...over,
});

const list = (items: OltRow[]): OltList => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  counts: { total: 5, online: 3, offline: 1, unknown: 1 },
});

const at = '2026-11-23T08:00:00.000Z';
const reach = (oltId: string, status: OltRow['status'], previous: OltRow['status']): OltEvent => ({
  name: 'olt.reachability.changed',
  payload: { oltId, status, previous, at, error: status === 'offline' ? 'timeout' : undefined },
});
const change = (from: 'online' | 'offline' | null, to: 'online' | 'offline', onuId = 1) => ({
  onuRef: `x${onuId}`,
  ponPort: 1,
  onuId,
  ifName: `gpon0/1:${onuId}`,
  pppoeIds: [],
  from,
  to,
  reason: null,
  reasonRaw: null,
  at,
});
/** The message of one poll of `oltId` that found these changes. */
const onus = (oltId: string, changes: ReturnType<typeof change>[]): OltEvent => ({
  name: 'onu.status.changed',
  payload: { oltId, at, changes },
});
const onu = (oltId: string, from: 'online' | 'offline' | null, to: 'online' | 'offline'): OltEvent =>
  onus(oltId, [change(from, to)]);

describe('patchList', () => {
  it('moves a visible OLT to offline and its header count with it', () => {
    const next = patchList(list([row('a'), row('b')]), reach('a', 'offline', 'online'));
    expect(next.items[0].status).toBe('offline');
    expect(next.items[0].lastError).toBe('timeout');
    expect(next.items[1].status).toBe('online');
    expect(next.counts).toEqual({ total: 5, online: 2, offline: 2, unknown: 1 });
  });

  it('leaves the list alone for an OLT not on this page or already patched', () => {
    const l = list([row('a')]);
    expect(patchList(l, reach('z', 'offline', 'online'))).toBe(l);
    expect(patchList(l, reach('a', 'online', 'unknown'))).toBe(l);
  });

  it('sets ONU totals and the poll time from a finished poll', () => {
    const next = patchList(list([row('a', { lastError: 'old' })]), {
      name: 'olt.poll.finished',
      payload: { oltId: 'a', ok: true, durationMs: 900, total: 12, online: 11, offline: 1, changed: 2, at },
    });
    expect(next.items[0]).toMatchObject({
      onuCount: 12,
      onlineOnuCount: 11,
      lastPolledAt: at,
      lastError: null,
    });
  });

  it('keeps the ONU figures of a failed poll and shows its error', () => {
    const next = patchList(list([row('a')]), {
      name: 'olt.poll.finished',
      payload: {
        oltId: 'a',
        ok: false,
        durationMs: 5,
        total: 0,
        online: 0,
        offline: 0,
        changed: 0,
        error: 'snmp',
        at,
      },
    });
    expect(next.items[0]).toMatchObject({ onuCount: 10, onlineOnuCount: 8, lastError: 'snmp' });
  });
});

describe('patchRow with ONU status changes', () => {
  it('counts ONUs going offline, coming back and appearing', () => {
    expect(patchRow(row('a'), onu('a', 'online', 'offline')).onlineOnuCount).toBe(7);
    expect(patchRow(row('a'), onu('a', 'offline', 'online')).onlineOnuCount).toBe(9);
    const fresh = patchRow(row('a'), onu('a', null, 'online'));
    expect([fresh.onuCount, fresh.onlineOnuCount]).toEqual([11, 9]);
    const freshOffline = patchRow(row('a'), onu('a', null, 'offline'));
    expect([freshOffline.onuCount, freshOffline.onlineOnuCount]).toEqual([11, 8]);
  });

  it('never goes below zero or above the total', () => {
    expect(patchRow(row('a', { onlineOnuCount: 0 }), onu('a', 'online', 'offline')).onlineOnuCount).toBe(0);
    expect(
      patchRow(row('a', { onuCount: 3, onlineOnuCount: 3 }), onu('a', 'offline', 'online')).onlineOnuCount,
    ).toBe(3);
  });
});

describe('patchRow with a batch of ONU status changes', () => {
  it('applies a whole outage in one new row', () => {
    const r = row('a', { onuCount: 3000, onlineOnuCount: 2900 });
    const outage = onus(
      'a',
      Array.from({ length: 2000 }, (_, i) => change('online', 'offline', i)),
    );
    expect(patchRow(r, outage)).toMatchObject({ onuCount: 3000, onlineOnuCount: 900 });
  });

  it('counts each change in order, new ONUs included, within bounds', () => {
    const next = patchRow(
      row('a', { onuCount: 2, onlineOnuCount: 1 }),
      onus('a', [
        change('online', 'offline', 1),
        change('online', 'offline', 2), // already at zero: stays there
        change(null, 'online', 3),
        change('offline', 'online', 1),
        change('offline', 'offline', 4), // not a change
      ]),
    );
    expect([next.onuCount, next.onlineOnuCount]).toEqual([3, 2]);
  });

  it('leaves the row and the list alone for an empty batch or another OLT', () => {
    const r = row('a');
    expect(patchRow(r, onus('a', []))).toBe(r);
    expect(patchRow(r, onus('a', [change('offline', 'offline')]))).toBe(r);
    const l = list([r]);
    expect(patchList(l, onus('b', [change('online', 'offline')]))).toBe(l);
  });
});

describe('patchDetail', () => {
  it('also records the poll duration', () => {
    const detail = { ...row('a'), lastPollDurationMs: null } as unknown as OltDetail;
    const next = patchDetail(detail, {
      name: 'olt.poll.finished',
      payload: { oltId: 'a', ok: true, durationMs: 1234, total: 1, online: 1, offline: 0, changed: 0, at },
    });
    expect(next.lastPollDurationMs).toBe(1234);
  });
});

describe('needsRefetch', () => {
  it('refetches after polls and reachability changes, not for ONU changes', () => {
    expect(needsRefetch(reach('a', 'offline', 'online'))).toBe(true);
    expect(needsRefetch(onu('a', 'online', 'offline'))).toBe(false);
  });
});
