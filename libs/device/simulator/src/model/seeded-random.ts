/**
 * Stateless, seedable hashing: every simulated value is a pure function of (seed, identifiers, time slot),
 * so 100,000 ONUs cost no memory until asked for and two runs with one seed agree exactly.
 */

/** 32-bit finaliser (murmur3 style) with good avalanche. */
export function mix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hash of a sequence of integers (each folded to 32 bits; larger numbers keep their high part). */
export function hashInts(...parts: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    const lo = p | 0;
    const hi = Math.floor(p / 4294967296) | 0;
    h = mix32(h ^ lo);
    if (hi !== 0) h = mix32(h ^ Math.imul(hi, 0x85ebca6b));
    h = (h + 0x6d2b79f5) | 0;
  }
  return mix32(h);
}

/** Uniform in [0, 1). */
export function unit(...parts: readonly number[]): number {
  return hashInts(...parts) / 4294967296;
}

/** Uniform in [min, max). */
export function between(min: number, max: number, ...parts: readonly number[]): number {
  return min + (max - min) * unit(...parts);
}

/** Integer in [min, max]. */
export function intBetween(min: number, max: number, ...parts: readonly number[]): number {
  return min + Math.floor(unit(...parts) * (max - min + 1));
}

export function pick<T>(items: readonly T[], ...parts: readonly number[]): T {
  return items[Math.floor(unit(...parts) * items.length)] as T;
}

/** FNV-1a of a string, for turning device names into seeds. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function roundTo(value: number, step: number): number {
  const r = Math.round(value / step) * step;
  // Keep decimal digits of the step only, so 0.1 steps do not print as 0.30000000000000004.
  const digits = Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
  return Number(r.toFixed(digits));
}
