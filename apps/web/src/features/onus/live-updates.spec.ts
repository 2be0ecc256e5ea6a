import type { OnuDetail, OnuList, OnuRow, OnuStatusChange, PppoeLookup } from '@pondesk/contracts';
import { patchLookup, patchOnuDetail, patchOnuList, patchOnuRow } from './live-updates';

const at = '2026-11-23T08:00:00.000Z';

const row = (id: string, over: Partial<OnuRow> = {}): OnuRow => ({
  id,
  oltId: 'olt-a',
  oltName: 'OLT A',
  oltCode: 'OLT-A',
  ponPort: 1,
  onuId: Number(id.replace(/\D/g, '')) || 1,
  ifName: `gpon0/1:${id}`,
  mac: null,
  serial: null,
  description: null,
  status: 'online',
  reason: null,
  reasonRaw: null,
  rxDbm: -20,
  txDbm: 2,
  temperatureC: null,
  voltageV: null,
  biasMa: null,
  distanceM: null,
  vendor: null,
  model: null,
  pppoeIds: [],
  lastSeenAt: null,
  statusChangedAt: null,
  ...over,
});

const change = (
  onuRef: string,
  from: 'online' | 'offline' | null,
  to: 'online' | 'offline',
  reason: OnuStatusChange['reason'] = to === 'offline' ? 'los' : null,
): OnuStatusChange => ({
  onuRef,
  ponPort: 1,
  onuId: 1,
  ifName: `gpon0/1:${onuRef}`,
  pppoeIds: [],
  from,
  to,
  reason,
  reasonRaw: reason ? reason.toUpperCase() : null,
  at,
});

const reasons = (over: Partial<OnuList['counts']['reasons']> = {}): OnuList['counts']['reasons'] => ({
  los: 0,
  'power-off': 0,
  'wire-down': 0,
  reboot: 0,
  admin: 0,
  unknown: 0,
  ...over,
});

const list = (items: OnuRow[], counts: Partial<OnuList['counts']> = {}): OnuList => ({
  items,
  total: 100,
  page: 1,
  pageSize: 20,
  counts: { total: 100, online: 90, offline: 10, reasons: reasons({ los: 6, unknown: 4 }), ...counts },
});

describe('patchOnuRow', () => {
  it('takes an ONU offline with its reason and clears its optics', () => {
    expect(patchOnuRow(row('n1'), change('n1', 'online', 'offline'))).toMatchObject({
      status: 'offline',
      reason: 'los',
      reasonRaw: 'LOS',
      rxDbm: null,
      txDbm: null,
      statusChangedAt: at,
    });
  });

  it('leaves another ONU and an unchanged status alone', () => {
    const r = row('n1');
    expect(patchOnuRow(r, change('n2', 'online', 'offline'))).toBe(r);
    expect(patchOnuRow(r, change('n1', 'offline', 'online'))).toBe(r);
  });
});

describe('patchOnuList', () => {
  it('patches a single change and moves the header counts, as before batching', () => {
    const next = patchOnuList(list([row('n1'), row('n2')]), [change('n1', 'online', 'offline')]);
    expect(next.items[0].status).toBe('offline');
    expect(next.items[1].status).toBe('online');
    expect(next.counts).toMatchObject({ online: 89, offline: 11 });
    expect(next.counts.reasons.los).toBe(7);
  });

  it('applies a whole batch in one new list: every row on the page, counts moved once per row', () => {
    const l = list([row('n1'), row('n2'), row('n3', { status: 'offline', reason: 'unknown' }), row('n4')], {
      online: 3,
      offline: 1,
      reasons: reasons({ unknown: 1 }),
    });
    const next = patchOnuList(l, [
      change('n1', 'online', 'offline', 'power-off'),
      change('n9', 'online', 'offline'), // not on this page
      change('n2', 'online', 'offline'),
      change('n3', 'offline', 'online'),
    ]);
    expect(next.items.map((r) => r.status)).toEqual(['offline', 'offline', 'online', 'online']);
    expect(next.items[3]).toBe(l.items[3]);
    expect(next.counts).toMatchObject({ online: 2, offline: 2 });
    expect(next.counts.reasons).toEqual(reasons({ 'power-off': 1, los: 1, unknown: 0 }));
    // The cached value it came from is left as it was.
    expect(l.items.map((r) => r.status)).toEqual(['online', 'online', 'offline', 'online']);
    expect(l.counts.online).toBe(3);
  });

  it('applies two changes of one ONU in their order', () => {
    const next = patchOnuList(list([row('n1')]), [
      change('n1', 'online', 'offline'),
      change('n1', 'offline', 'online'),
    ]);
    expect(next.items[0].status).toBe('online');
    expect(next.counts).toMatchObject({ online: 90, offline: 10 });
    expect(next.counts.reasons.los).toBe(6);
  });

  it('returns the same list when nothing on the page changes', () => {
    const l = list([row('n1')]);
    expect(patchOnuList(l, [])).toBe(l);
    expect(patchOnuList(l, [change('n2', 'online', 'offline')])).toBe(l);
    expect(patchOnuList(l, [change('n1', 'offline', 'online')])).toBe(l);
  });

  it('patches a 2,000-change outage on a page of 100 in one pass', () => {
    const items = Array.from({ length: 100 }, (_, i) => row(`n${i}`));
    const changes = Array.from({ length: 2000 }, (_, i) => change(`n${i}`, 'online', 'offline'));
    const next = patchOnuList(list(items, { online: 2000, offline: 0, reasons: reasons() }), changes);
    expect(next.items.every((r) => r.status === 'offline')).toBe(true);
    expect(next.counts).toMatchObject({ online: 1900, offline: 100 });
    expect(next.counts.reasons.los).toBe(100);
  });
});

describe('patchOnuDetail and patchLookup', () => {
  const detail = (id: string) => ({ ...row(id), pppoeManual: false }) as unknown as OnuDetail;

  it('patch the ONU page from its change within a batch', () => {
    const d = detail('n2');
    const next = patchOnuDetail(d, [change('n1', 'online', 'offline'), change('n2', 'online', 'offline')]);
    expect(next.status).toBe('offline');
    expect(patchOnuDetail(d, [change('n1', 'online', 'offline')])).toBe(d);
  });

  it('patch every match of a PPPoE lookup that the batch changes', () => {
    const l: PppoeLookup = { pppoeId: 'user1', matches: [detail('n1'), detail('n2')] };
    const next = patchLookup(l, [change('n2', 'online', 'offline')]);
    expect(next.matches.map((m) => m.status)).toEqual(['online', 'offline']);
    expect(next.matches[0]).toBe(l.matches[0]);
    expect(patchLookup(l, [change('n3', 'online', 'offline')])).toBe(l);
  });
});
