import { backoffMinutes, nextStatus } from './olt-health.service';

describe('OLT reachability rules', () => {
  it('goes offline only after three consecutive failures', () => {
    expect(nextStatus('online', 1, false)).toBe('online');
    expect(nextStatus('online', 2, false)).toBe('online');
    expect(nextStatus('online', 3, false)).toBe('offline');
    expect(nextStatus('unknown', 2, false)).toBe('unknown');
    expect(nextStatus('offline', 0, true)).toBe('online');
  });

  it('backs off 1, 2, 4, 8 then 15 minutes once offline', () => {
    expect([0, 2, 3, 4, 5, 6, 7, 12].map(backoffMinutes)).toEqual([0, 0, 1, 2, 4, 8, 15, 15]);
  });
});
