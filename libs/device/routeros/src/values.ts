/**
 * RouterOS answers every value as a string (API words and REST JSON alike). These turn the strings the typed
 * reads need into numbers and booleans, strictly: a value in a form not listed here is null, never a guess.
 */
import type { UpDown } from './routeros.types';

const UNIT_SECONDS = { w: 604800, d: 86400, h: 3600, m: 60 } as const;

/** `1w2d3h4m5s` (each unit at most once, largest first; `ms` last). */
const UNITS_FORM = /^(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m(?!s))?(?:(\d+)s)?(?:(\d+)ms)?$/;
/** `01:22:53`, `1d02:03:04`, `1w2d03:04:05`, with optional fractions of a second. */
const CLOCK_FORM = /^(?:(\d+)w)?(?:(\d+)d)?(\d+):([0-5]\d):([0-5]\d(?:\.\d+)?)$/;

/**
 * A RouterOS duration in seconds: `1w2d3h4m5s` (uptimes: `3d17h14m31s`, `6w5d11h55m45s`), `01:22:53`
 * (the API manual's `/system/resource` sample) and `1d02:03:04`. Null when absent, empty or in another form.
 */
export function parseRouterOsDuration(s: string | undefined): number | null {
  if (s === undefined) return null;
  const text = s.trim();
  if (text === '') return null;
  const u = UNITS_FORM.exec(text);
  if (u) {
    const [, w, d, h, m, sec, ms] = u;
    return (
      num(w) * UNIT_SECONDS.w +
      num(d) * UNIT_SECONDS.d +
      num(h) * UNIT_SECONDS.h +
      num(m) * UNIT_SECONDS.m +
      num(sec) +
      num(ms) / 1000
    );
  }
  const c = CLOCK_FORM.exec(text);
  if (c) {
    const [, w, d, h, m, sec] = c;
    return (
      num(w) * UNIT_SECONDS.w +
      num(d) * UNIT_SECONDS.d +
      num(h) * UNIT_SECONDS.h +
      num(m) * UNIT_SECONDS.m +
      Number(sec)
    );
  }
  return null;
}

const num = (v: string | undefined): number => (v === undefined ? 0 : Number(v));

const RATE_MULTIPLIER: Record<string, number> = { '': 1, k: 1e3, M: 1e6, G: 1e9 };
const RATE_FORM = /^(\d+(?:\.\d+)?)([kMG]?)$/;

/**
 * A rate in bits/s as RouterOS writes it: `512000`, `512k`, `1M`, `1.5M`, `1G` (k = 1,000, as the rate-limit
 * documentation defines it, not 1,024). Null when absent or in another form.
 */
export function parseRate(s: string | undefined): number | null {
  if (s === undefined) return null;
  const m = RATE_FORM.exec(s.trim());
  if (!m) return null;
  return Math.round(Number(m[1]) * RATE_MULTIPLIER[m[2]]);
}

/** A whole number written in decimal digits (`-` allowed); null otherwise (`40.2MiB`, `1%`, ``). */
export function parseInteger(s: string | undefined): number | null {
  if (s === undefined || !/^-?\d+$/.test(s.trim())) return null;
  const n = Number(s.trim());
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * A RouterOS boolean. The manual's API examples print `yes`/`no`; REST (and the API of v7 for many
 * properties, as the librouteros `/ppp/active` sample shows with `radius: 'true'`) prints `true`/`false`;
 * both are accepted on either transport. Null when absent or anything else.
 */
export function parseBool(s: string | undefined): boolean | null {
  switch (s?.trim()) {
    case 'yes':
    case 'true':
      return true;
    case 'no':
    case 'false':
      return false;
    default:
      return null;
  }
}

/**
 * A RouterOS `a/b` pair, upload first then download as seen from the target (see `readSimpleQueues` for what
 * that means on a PPPoE server). `rate`: bits/s, each side as `parseRate` reads it (`512k/768k`, `1M/2M`,
 * `0/0`); `count`: plain integers (`bytes`, `packets`). Null when absent or not exactly two values.
 */
export function parseUpDown(s: string | undefined, kind: 'rate' | 'count'): UpDown | null {
  if (s === undefined) return null;
  const parts = s.trim().split('/');
  if (parts.length !== 2) return null;
  const read = kind === 'rate' ? parseRate : parseCount;
  const upload = read(parts[0]);
  const download = read(parts[1]);
  return upload === null || download === null ? null : { upload, download };
}

function parseCount(s: string): number | null {
  const n = parseInteger(s);
  return n === null || n < 0 ? null : n;
}

/** A value as a nullable string: absent or empty is null (RouterOS prints `=comment=` for "none"). */
export function optionalString(s: string | undefined): string | null {
  return s === undefined || s === '' ? null : s;
}
