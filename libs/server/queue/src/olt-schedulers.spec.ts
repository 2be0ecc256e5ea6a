import { healthStartAt } from './olt-schedulers';

describe('healthStartAt: health checks fall halfway between an OLT’s polls', () => {
  const minute = 60_000;
  const t0 = Date.UTC(2026, 10, 27, 10, 0, 0);

  it('a poll due now puts the first check half a health interval later', () => {
    expect(healthStartAt(t0, minute, t0)).toBe(t0 + 30_000);
  });

  it('keeps the half-interval phase whatever the poll’s next instant, and never starts in the past', () => {
    // The next poll in 4 min 10 s: its instants are at …:10 past a minute, the checks at …:40.
    expect(healthStartAt(t0 + 250_000, minute, t0)).toBe(t0 + 40_000);
    // A poll due 5 s ago: checks at …:25, the first one 25 s from now.
    expect(healthStartAt(t0 - 5_000, minute, t0)).toBe(t0 + 25_000);
    // Polls every 5 min from the poll's instant meet checks every minute never: each poll lies 30 s from a check.
    const start = healthStartAt(t0, minute, t0);
    for (let k = 1; k <= 12; k++) {
      const poll = t0 + k * 5 * minute;
      expect((poll - start) % minute).toBe(30_000);
    }
  });
});
