/**
 * Runs a task every so often and on demand, never twice at once in this process: a `kick()` while it runs
 * makes it run once more right after. A failure goes to `onError`; the next run tries again. `stop()` waits for
 * the run under way.
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly task: () => Promise<unknown>,
    private readonly onError: (message: string) => void,
  ) {}

  /** Every `everyMs` from now; 0 or less: only when kicked. */
  start(everyMs: number): void {
    if (everyMs <= 0) return;
    this.timer = setInterval(() => this.kick(), everyMs);
    this.timer.unref();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.task()
      .then(() => undefined)
      .catch((error: unknown) => this.onError(error instanceof Error ? error.message : String(error)))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
