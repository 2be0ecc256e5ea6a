import { backoffIntervals, nextStatus } from './olt-health.service';

describe('OLT reachability rules', () => {
  it('takes an online OLT offline only after three consecutive failures', () => {
    expect(nextStatus('online', 1, false)).toBe('online');
    expect(nextStatus('online', 2, false)).toBe('online');
    expect(nextStatus('online', 3, false)).toBe('offline');
    expect(nextStatus('offline', 0, true)).toBe('online');
    expect(nextStatus('offline', 7, false)).toBe('offline');
  });

  it('calls an OLT never reached offline after its first failed attempt', () => {
    expect(nextStatus('unknown', 1, false)).toBe('offline');
    expect(nextStatus('unknown', 0, true)).toBe('online');
  });

  it('backs off 1, 2, 4, 8 then 15 health intervals once offline', () => {
    expect([0, 2, 3, 4, 5, 6, 7, 12].map(backoffIntervals)).toEqual([0, 0, 1, 2, 4, 8, 15, 15]);
  });
});
