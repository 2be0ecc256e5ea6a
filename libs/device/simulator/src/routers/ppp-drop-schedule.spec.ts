import { PppDropSchedule } from './ppp-drop-schedule';

/** Every drop over `minutes`, asked once a second. */
function run(seed: number, perMinute: number, minutes: number) {
  const s = new PppDropSchedule(seed, perMinute, 0);
  const out: { atMs: number; n: number; upAfterMs: number; pick: number }[] = [];
  for (let ms = 1000; ms <= minutes * 60_000; ms += 1000)
    for (const d of s.due(ms)) out.push({ atMs: ms, ...d, pick: s.pick(d, 0) });
  return out;
}

describe('PppDropSchedule', () => {
  it('drops at the rate asked, each down for 2–5 s', () => {
    const drops = run(5, 6, 100);
    // Poisson, mean 600: well inside ±15 %.
    expect(drops.length).toBeGreaterThan(510);
    expect(drops.length).toBeLessThan(690);
    expect(drops.map((d) => d.n)).toEqual(drops.map((_, i) => i));
    for (const d of drops) {
      expect(d.upAfterMs).toBeGreaterThanOrEqual(2000);
      expect(d.upAfterMs).toBeLessThanOrEqual(5000);
      expect(d.pick).toBeGreaterThanOrEqual(0);
      expect(d.pick).toBeLessThan(1);
    }
    expect(new Set(drops.map((d) => d.upAfterMs)).size).toBeGreaterThan(100);
  });

  it('is one sequence per seed', () => {
    expect(run(5, 2, 30)).toEqual(run(5, 2, 30));
    expect(run(5, 2, 30)).not.toEqual(run(6, 2, 30));
  });

  it('never drops at rate 0, and skips what piled up beyond 1000 after a stall', () => {
    expect(new PppDropSchedule(1, 0, 0).due(1e9)).toEqual([]);
    const s = new PppDropSchedule(1, 600, 0);
    expect(s.due(3_600_000)).toHaveLength(1000);
    expect(s.due(3_600_000)).toEqual([]);
  });

  it('tries another pick for each attempt', () => {
    const s = new PppDropSchedule(3, 60, 0);
    const d = { n: 4, upAfterMs: 2000 };
    expect(new Set([0, 1, 2, 3].map((a) => s.pick(d, a))).size).toBe(4);
  });
});
