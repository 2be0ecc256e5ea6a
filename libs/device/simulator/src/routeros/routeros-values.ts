/**
 * How RouterOS writes values in API replies (every value a string): durations `3d17h14m31s`, item ids `*1A`,
 * booleans `true`/`false`, MACs in capitals, figures of both directions `upload/download`.
 */

const DURATION_UNITS: readonly [string, number][] = [
  ['w', 604_800],
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
];

/**
 * Whole seconds as RouterOS prints a duration: `1w2d3h4m5s`, `7m23s`, `0s`. Units that are zero are left out
 * (`1d5s`); negative or fractional input counts as its whole non-negative part.
 */
export function routerOsDuration(seconds: number): string {
  let left = Math.max(0, Math.floor(seconds));
  if (left === 0) return '0s';
  let out = '';
  for (const [unit, size] of DURATION_UNITS) {
    const n = Math.floor(left / size);
    left -= n * size;
    if (n > 0) out += `${n}${unit}`;
  }
  return out;
}

/** An item id as the API prints it: `*` and the number in upper-case hexadecimal (`*1A`, `*80000077`). */
export const itemId = (n: number): string => `*${n.toString(16).toUpperCase()}`;

/** The number of an item id (`*1A` → 26), or null when the text is not one. */
export function parseItemId(id: string): number | null {
  return /^\*[0-9a-f]{1,8}$/i.test(id) ? parseInt(id.slice(1), 16) : null;
}

export const routerOsBool = (b: boolean): string => (b ? 'true' : 'false');

/** `yes`/`true` → true, `no`/`false` → false (the API takes both), anything else null. */
export function parseRouterOsBool(v: string): boolean | null {
  const s = v.trim().toLowerCase();
  if (s === 'yes' || s === 'true') return true;
  if (s === 'no' || s === 'false') return false;
  return null;
}

/** Both directions of a figure, from the subscriber's side: `upload/download` as simple queues print them. */
export const upDown = (upload: number, download: number): string =>
  `${Math.floor(upload)}/${Math.floor(download)}`;

/** Six bytes as a MAC the way RouterOS prints one (`48:A9:8A:0C:11:F2`). */
export function macOf(bytes: readonly number[]): string {
  return bytes.map((b) => (b & 0xff).toString(16).padStart(2, '0').toUpperCase()).join(':');
}
