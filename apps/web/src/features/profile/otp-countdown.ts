/** The OTP lasts 120 s (spec 1 §9); another may be asked for after the server's cooldown. */
export const OTP_SECONDS = 120;

/** Whole seconds left until `deadline` (epoch ms), never negative. */
export function secondsLeft(deadline: number | null, now: number): number {
  if (deadline === null) return 0;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** `m:ss`, e.g. 120 → "2:00", 59 → "0:59". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
