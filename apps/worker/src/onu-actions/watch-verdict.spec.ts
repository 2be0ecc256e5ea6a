import { watchVerdict } from './onu-actions.service';

const look = (seen: Partial<Parameters<typeof watchVerdict>[0]>) =>
  watchVerdict({
    sawOffline: false,
    back: false,
    gone: false,
    timedOut: false,
    offlineOverdue: false,
    ...seen,
  });

describe("a reboot watch's verdict", () => {
  it('confirms a reboot only once the ONU went offline and came back', () => {
    expect(look({ sawOffline: true, back: true })).toBe('confirmed');
    // Offline, not back yet: look again.
    expect(look({ sawOffline: true })).toBeNull();
    // Still online and still within the time a reboot takes to drop the link: look again.
    expect(look({})).toBeNull();
  });

  it('says no effect seen when the ONU never went offline, and offline when it did not come back', () => {
    expect(look({ offlineOverdue: true })).toBe('no_effect_seen');
    expect(look({ timedOut: true })).toBe('no_effect_seen');
    expect(look({ sawOffline: true, timedOut: true })).toBe('offline');
  });

  it('says gone when the ONU or its OLT disappeared while watched', () => {
    expect(look({ gone: true })).toBe('gone');
    expect(look({ gone: true, sawOffline: true })).toBe('gone');
  });
});
