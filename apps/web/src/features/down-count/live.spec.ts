import type { DownCountOnu, DownCountRow } from '@pondesk/contracts';
import { changesTouchRows, pendingOnOlt } from './live';

const onu = (id: string, oltId: string): DownCountOnu => ({
  id,
  oltId,
  oltName: 'OLT',
  ponPort: 1,
  ifName: 'EPON0/1:1',
  rxDbm: -20,
  status: 'online',
  lastDeregReason: null,
});

const row = (pppoeId: string, extra: Partial<DownCountRow> = {}): DownCountRow => ({
  pppoeId,
  downCount: 3,
  lastDownAt: '2026-05-01T10:00:00Z',
  lastIp: null,
  lastMac: null,
  lastRouter: null,
  vlanId: null,
  lastCause: 'fibre-los',
  onu: null,
  ...extra,
});

describe('Down Count List live updates', () => {
  const rows = [row('rahim@isp', { onu: onu('onu-1', 'olt-a') }), row('karim')];

  it('refetches for status changes of an ONU or a PPPoE id on the page', () => {
    expect(changesTouchRows([{ onuRef: 'onu-1', pppoeIds: [] }], rows)).toBe(true);
    expect(changesTouchRows([{ onuRef: 'onu-9', pppoeIds: ['KARIM'] }], rows)).toBe(true);
    expect(changesTouchRows([{ onuRef: 'onu-9', pppoeIds: ['other'] }], rows)).toBe(false);
    expect(changesTouchRows([], rows)).toBe(false);
    expect(changesTouchRows([{ onuRef: 'onu-1', pppoeIds: [] }], [])).toBe(false);
  });

  it("refetches after an OLT's poll only while a row on it waits for its cause", () => {
    expect(pendingOnOlt(rows, 'olt-a')).toBe(false);
    const pending = [row('rahim@isp', { onu: onu('onu-1', 'olt-a'), lastCause: 'pending' })];
    expect(pendingOnOlt(pending, 'olt-a')).toBe(true);
    expect(pendingOnOlt(pending, 'olt-b')).toBe(false);
    expect(pendingOnOlt([row('x', { lastCause: 'pending' })], 'olt-b')).toBe(true);
  });
});
