/**
 * Simulated wall clock. Device state is a pure function of simulated time, so the time-scale knob speeds up
 * drift and outages, and `timeScale: 0` freezes a fleet for exact comparisons in tests.
 */
export class SimClock {
  private anchorReal: number;
  private anchorSim: number;

  /**
   * @param epochSeconds simulated time (Unix seconds) at start
   * @param timeScale simulated seconds per real second
   */
  constructor(
    readonly epochSeconds: number,
    private scale: number,
    private readonly realNow: () => number = Date.now,
  ) {
    this.anchorReal = realNow();
    this.anchorSim = epochSeconds;
  }

  get timeScale(): number {
    return this.scale;
  }

  /** Current simulated time in whole Unix seconds. */
  now(): number {
    return Math.floor(this.anchorSim + ((this.realNow() - this.anchorReal) / 1000) * this.scale);
  }

  setTimeScale(scale: number): void {
    this.rebase();
    this.scale = scale;
  }

  /** Jump forward (never backwards: cached histories assume time only grows). */
  advance(seconds: number): void {
    this.rebase();
    this.anchorSim += Math.max(0, seconds);
  }

  private rebase(): void {
    const t = this.anchorSim + ((this.realNow() - this.anchorReal) / 1000) * this.scale;
    this.anchorReal = this.realNow();
    this.anchorSim = t;
  }
}
