/** The band popup's progress bar (spec 1 §9): steps of 5 up to 100. */
export const PROGRESS_STEP = 5;
export const PROGRESS_MAX = 100;
export const PROGRESS_TICK_MS = 100;

/**
 * The next value of the bar: one step up while the data is on its way, holding one step short of full so
 * it never claims to be done early; full once the data is in.
 */
export function nextProgress(value: number, done: boolean): number {
  if (done) return PROGRESS_MAX;
  return Math.min(PROGRESS_MAX - PROGRESS_STEP, Math.max(0, value) + PROGRESS_STEP);
}
