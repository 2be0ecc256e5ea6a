import type { OnuWriteVerified, WriteVerdict } from '@pondesk/contracts';
import { announceVerdict } from './write-verdict-toasts';

const event = (verdict: WriteVerdict, message: string): OnuWriteVerified => ({
  onuId: 'onu-1',
  oltId: 'olt-1',
  kind: 'reboot',
  verdict,
  ifName: 'GPON0/1:3',
  message,
  at: '2026-11-20T10:00:00.000Z',
});

describe('the verdict toaster', () => {
  const toast = { success: jest.fn(), warning: jest.fn(), error: jest.fn() };
  beforeEach(() => Object.values(toast).forEach((fn) => fn.mockClear()));

  const fired = () =>
    Object.entries(toast).flatMap(([kind, fn]) => fn.mock.calls.map(([m]) => `${kind}: ${String(m)}`));

  // Expected kinds hand-typed from the console's rules: seen working is green, unclear amber, nothing red.
  it.each([
    ['confirmed', 'Reboot Successfully', 'success'],
    ['offline', 'GPON0/1:3 went offline after the reboot and has not come back yet', 'warning'],
    ['gone', 'GPON0/1:3 is no longer listed by its OLT', 'warning'],
    ['no_effect_seen', 'No effect seen: GPON0/1:3 stayed online after the reboot was sent', 'error'],
  ] as const)('toasts %s as one %s toast with the server message', (verdict, message, kind) => {
    expect(announceVerdict(toast, event(verdict, message))).toBe(true);
    expect(fired()).toEqual([`${kind}: ${message}`]);
    // It comes unasked, maybe on another page: it stays 8 s, not the usual 2.
    expect(toast[kind].mock.calls[0][1]).toEqual({ durationMs: 8000 });
  });

  it('stays silent on a verdict it does not know', () => {
    expect(announceVerdict(toast, event('later' as unknown as WriteVerdict, 'x'))).toBe(false);
    expect(fired()).toEqual([]);
  });
});
