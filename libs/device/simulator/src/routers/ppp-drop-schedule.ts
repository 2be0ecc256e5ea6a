/**
 * When PPP-only drops happen (a Poisson process at a rate a minute, in real time), which subscriber each
 * one picks and how long its session stays down: all from a seed, so one seed gives one sequence.
 */
import { unit } from '../model/seeded-random';

export interface PppDrop {
  /** The drop's number in the sequence (0, 1, 2, …). */
  n: number;
  /** How long the session stays down: 2–5 s. */
  upAfterMs: number;
}

/** More than this many drops due at once (a long stall) are skipped, not fired together. */
const MAX_DUE_AT_ONCE = 1000;

export class PppDropSchedule {
  private n = 0;
  private nextAtMs: number;

  constructor(
    private readonly seed: number,
    private readonly perMinute: number,
    startMs: number,
  ) {
    this.nextAtMs = startMs + this.gapMs();
  }

  /** The drops due by `nowMs` (none when the rate is 0). */
  due(nowMs: number): PppDrop[] {
    const out: PppDrop[] = [];
    if (this.perMinute <= 0) return out;
    while (this.nextAtMs <= nowMs) {
      if (out.length < MAX_DUE_AT_ONCE)
        out.push({ n: this.n, upAfterMs: 2000 + Math.floor(unit(this.seed, this.n, 3) * 3001) });
      this.n++;
      this.nextAtMs += this.gapMs();
    }
    return out;
  }

  /** The drop's `attempt`-th pick in [0, 1) (a pick that lands on a session already down tries again). */
  pick(drop: PppDrop, attempt: number): number {
    return unit(this.seed, drop.n, 2, attempt);
  }

  /** Exponential gap between drops, mean 60 s / rate. */
  private gapMs(): number {
    if (this.perMinute <= 0) return Infinity;
    return (-Math.log(1 - unit(this.seed, this.n, 1)) * 60_000) / this.perMinute;
  }
}
