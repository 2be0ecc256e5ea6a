import { ALERT_RULE_DEFAULTS } from '@pondesk/contracts';
import { mannKendallZ, signalTrend, type HourlyRx } from './signal-trend';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const DEFAULTS = ALERT_RULE_DEFAULTS['signal-degrading'].params; // 0.05 dB/day, 30 days

/** The daily job runs at 02:20 UTC; the newest rollup is then the hour 01:00–02:00. */
const NOW = new Date('2031-03-10T02:20:00Z');
const LAST_HOUR = Date.parse('2031-03-10T01:00:00Z');

/** A small deterministic generator (mulberry32), so each seed always gives the same noise. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Hourly rollups for the `days` days up to the last whole hour: `level(daysSinceFirstHour)` plus uniform
 * noise in ±`noise` dB.
 */
function series(
  days: number,
  level: (d: number) => number,
  { noise = 0.05, seed = 1, lastHour = LAST_HOUR } = {},
): HourlyRx[] {
  const random = prng(seed);
  const hours = days * 24;
  const first = lastHour - (hours - 1) * HOUR;
  return Array.from({ length: hours }, (_, i) => ({
    hourMs: first + i * HOUR,
    rxDbm: level((i * HOUR) / DAY) + (random() * 2 - 1) * noise,
  }));
}

const dayDiff = (a: string, b: string) => Math.round((Date.parse(a) - Date.parse(b)) / DAY);

describe('signalTrend', () => {
  describe('the must-show: a steady −0.1 dB/day decline', () => {
    // From −23.5 dBm, 7 days (168 hours) at −0.1 dB/day: about −24.2 dBm at 02:20 on 10 March, so
    // 2.8 dB above −27 ≈ 28 days away at this pace: 10 March + 28 days = 7 April, inside the default
    // 30-day horizon.
    const week = series(7, (d) => -23.5 - 0.1 * d);

    it('is flagged from 7 days of rollups, with its slope, level and crossing date', () => {
      const trend = signalTrend(week, NOW, DEFAULTS);
      expect(trend).not.toBeNull();
      expect(trend!.degrading).toBe(true);
      expect(trend!.slopeDbPerDay).toBeGreaterThanOrEqual(-0.12);
      expect(trend!.slopeDbPerDay).toBeLessThanOrEqual(-0.08);
      expect(trend!.currentDbm).toBeCloseTo(-24.2, 1);
      expect(Math.abs(dayDiff(trend!.projectedCrossingOn!, '2031-04-07'))).toBeLessThanOrEqual(1);
    });

    it('is flagged sooner too: 4 days of rollups are enough', () => {
      // Only the last 4 days: from −23.8 dBm, −24.2 now, the same crossing.
      const trend = signalTrend(
        series(4, (d) => -23.8 - 0.1 * d),
        NOW,
        DEFAULTS,
      );
      expect(trend?.degrading).toBe(true);
      expect(Math.abs(dayDiff(trend!.projectedCrossingOn!, '2031-04-07'))).toBeLessThanOrEqual(1);
    });

    it('reads only the last 7 days: an older flat stretch does not dilute the slope', () => {
      const older = series(14, (d) => (d < 7 ? -23.5 : -23.5 - 0.1 * (d - 7)));
      const trend = signalTrend(older, NOW, DEFAULTS);
      expect(trend!.slopeDbPerDay).toBeCloseTo(-0.1, 1);
      expect(trend!.degrading).toBe(true);
    });

    it('from −20 dBm it is 63 days from −27: listed only with a horizon that long', () => {
      // −20.7 dBm now, 6.3 dB to go at 0.1 dB/day: 63 days, 10 March + 63 days = 12 May.
      const far = series(7, (d) => -20 - 0.1 * d);
      const trend = signalTrend(far, NOW, DEFAULTS);
      expect(trend!.degrading).toBe(false);
      expect(Math.abs(dayDiff(trend!.projectedCrossingOn!, '2031-05-12'))).toBeLessThanOrEqual(1);
      expect(signalTrend(far, NOW, { minDeclineDbPerDay: 0.05, horizonDays: 90 })!.degrading).toBe(true);
    });
  });

  it('does not flag ±1 dB of noise without a trend (50 seeds), even close to −27 dBm', () => {
    // At −25 dBm a −0.1 dB/day slope would cross within 20 days: only the noise guard keeps these out.
    for (let seed = 1; seed <= 50; seed++) {
      const trend = signalTrend(
        series(7, () => -25, { noise: 1, seed }),
        NOW,
        DEFAULTS,
      );
      expect({ seed, degrading: trend!.degrading }).toEqual({ seed, degrading: false });
      expect(Math.abs(trend!.slopeDbPerDay)).toBeLessThan(0.15);
    }
  });

  it('flags a faster decline under ±1 dB of noise (10 seeds)', () => {
    // −0.3 dB/day from −22 dBm: about −24.1 now, 2.9 dB to go, about 10 days.
    for (let seed = 1; seed <= 10; seed++) {
      const trend = signalTrend(
        series(7, (d) => -22 - 0.3 * d, { noise: 1, seed }),
        NOW,
        DEFAULTS,
      );
      expect({ seed, degrading: trend!.degrading }).toEqual({ seed, degrading: true });
      expect(trend!.slopeDbPerDay).toBeGreaterThan(-0.4);
      expect(trend!.slopeDbPerDay).toBeLessThan(-0.2);
      expect(Math.abs(dayDiff(trend!.projectedCrossingOn!, '2031-03-20'))).toBeLessThanOrEqual(2);
    }
  });

  it('does not flag a decline slower than the rule asks for', () => {
    // −0.03 dB/day is significant with this little jitter, but under the 0.05 dB/day minimum.
    const trend = signalTrend(
      series(7, (d) => -26 - 0.03 * d),
      NOW,
      DEFAULTS,
    );
    expect(trend!.mannKendallZ).toBeLessThan(-2.576);
    expect(trend!.degrading).toBe(false);
  });

  describe('gives no verdict without enough rollups', () => {
    it('fewer than 12 hourly points', () => {
      // 11 points spread over 5 days.
      const sparse = Array.from({ length: 11 }, (_, i) => ({
        hourMs: LAST_HOUR - i * 12 * HOUR,
        rxDbm: -24 + 0.05 * i,
      }));
      expect(signalTrend(sparse, NOW, DEFAULTS)).toBeNull();
    });

    it('less than 3 days spanned, however many points', () => {
      expect(
        signalTrend(
          series(2, (d) => -24 - 0.5 * d),
          NOW,
          DEFAULTS,
        ),
      ).toBeNull();
    });

    it('nothing in the last day (the ONU has been dark)', () => {
      const old = series(5, (d) => -24 - 0.1 * d, { lastHour: LAST_HOUR - 2 * DAY });
      expect(signalTrend(old, NOW, DEFAULTS)).toBeNull();
    });

    it('no rollups at all', () => {
      expect(signalTrend([], NOW, DEFAULTS)).toBeNull();
    });
  });

  it('does not flag an ONU already below −27 dBm: it has crossed', () => {
    const trend = signalTrend(
      series(7, (d) => -27.2 - 0.1 * d),
      NOW,
      DEFAULTS,
    );
    expect(trend!.slopeDbPerDay).toBeCloseTo(-0.1, 1);
    expect(trend!.degrading).toBe(false);
    expect(trend!.projectedCrossingOn).toBeNull();
  });

  it('does not flag a rising or flat line, and gives it no crossing date', () => {
    const rising = signalTrend(
      series(7, (d) => -25 + 0.1 * d),
      NOW,
      DEFAULTS,
    );
    expect(rising!.degrading).toBe(false);
    expect(rising!.projectedCrossingOn).toBeNull();
  });

  describe('a step drop (a fibre bent once) is a different fault, not a decline: not flagged', () => {
    // Flat at −22 dBm, then −25 dBm from the middle of the week on: Theil–Sen shows a slope and the
    // decline is "significant", but the line does not go on falling; the single-step fit wins.
    it('with little jitter', () => {
      const trend = signalTrend(
        series(7, (d) => (d < 3.5 ? -22 : -25)),
        NOW,
        DEFAULTS,
      );
      expect(trend!.slopeDbPerDay).toBeLessThan(-0.2);
      expect(trend!.mannKendallZ).toBeLessThan(-2.576);
      expect(trend!.step).toBe(true);
      expect(trend!.degrading).toBe(false);
    });

    it('under ±0.5 dB of noise, early, midweek or late (5 seeds each)', () => {
      for (const at of [1.5, 3.5, 5.5])
        for (let seed = 1; seed <= 5; seed++) {
          const trend = signalTrend(
            series(7, (d) => (d < at ? -22 : -25), { noise: 0.5, seed }),
            NOW,
            DEFAULTS,
          );
          // A step near an end moves the median slope little: then it is not even a significant decline.
          const recognised = trend!.step || trend!.mannKendallZ > -2.576;
          expect({ at, seed, recognised, degrading: trend!.degrading }).toEqual({
            at,
            seed,
            recognised: true,
            degrading: false,
          });
        }
    });

    it('while a steady decline of the same size is no step', () => {
      // 3 dB over the week, steadily: −0.43 dB/day from −22 dBm, −25 now, crossing in about 5 days.
      const trend = signalTrend(
        series(7, (d) => -22 - (3 / 7) * d),
        NOW,
        DEFAULTS,
      );
      expect(trend!.step).toBe(false);
      expect(trend!.degrading).toBe(true);
    });
  });

  it('Mann–Kendall z: hand-computed for small series', () => {
    // 1,2,3,4: S = 6, var = 4·3·13/18 = 8.667, z = (6 − 1)/√8.667 = 1.698.
    expect(mannKendallZ([1, 2, 3, 4])).toBeCloseTo(1.698, 3);
    // 4,3,3,1: S = −5 (one tie); ties term 2·1·9 = 18, var = (156 − 18)/18 = 7.667, z = −4/√7.667 = −1.445.
    expect(mannKendallZ([4, 3, 3, 1])).toBeCloseTo(-1.445, 3);
    expect(mannKendallZ([2, 2, 2])).toBe(0);
  });
});
