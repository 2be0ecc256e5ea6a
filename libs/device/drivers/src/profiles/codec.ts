/**
 * Pure value codecs shared by the brand profiles: every raw → normalised conversion has its inverse
 * so the simulator can render exactly what the drivers parse.
 */
import type { DeregReason, OnuStatus } from '../types';

/** A raw SNMP/CLI value as a profile sees it (numbers for INTEGER/Gauge, strings for OCTET STRING). */
export type RawValue = number | string | null | undefined;

export interface ValueCodec<R extends number | string = number | string> {
  /** Raw device value → normalised unit, or null for "no reading". */
  decode(raw: RawValue): number | null;
  /** Normalised unit → the raw value a device would send. */
  encode(value: number): R;
}

const FLOAT_RE = /[-+]?\d+(?:\.\d+)?/;

/** First signed float in a string (`"30.67 C"` → 30.67, `"-13.518(dBm)"` → -13.518), else null. */
export function parseLeadingFloat(raw: RawValue): number | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  const m = FLOAT_RE.exec(raw.trim());
  if (!m) return null;
  const v = Number(m[0]);
  return Number.isFinite(v) ? v : null;
}

/** Round away float noise from divisions (e.g. -2400/100). */
export function round(value: number, digits = 4): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Integer in fixed units (tenths, hundredths, 1/256 …) with device "no reading" sentinels. */
export function integerScale(divisor: number, sentinels: readonly number[] = []): ValueCodec<number> {
  return {
    decode(raw) {
      const n = typeof raw === 'string' ? parseLeadingFloat(raw) : (raw ?? null);
      if (n === null || !Number.isFinite(n) || sentinels.includes(n)) return null;
      return round(n / divisor);
    },
    encode(value) {
      return Math.round(value * divisor);
    },
  };
}

/**
 * ONU distance in metres. Ranging never yields 0 m for a connected ONU: 0 (and -1) is how OLTs leave the reading
 * out for an ONU that is not ranged (offline, never registered), so it is no reading.
 */
export const distanceMetres: ValueCodec<number> = integerScale(1, [0, -1]);

/** Multiplying scale (BDCOM EPON bias is in 2 µA steps → mA = raw * 0.002). */
export function multiplyScale(factor: number, sentinels: readonly number[] = []): ValueCodec<number> {
  return {
    decode(raw) {
      const n = typeof raw === 'string' ? parseLeadingFloat(raw) : (raw ?? null);
      if (n === null || !Number.isFinite(n) || sentinels.includes(n)) return null;
      return round(n * factor);
    },
    encode(value) {
      return Math.round(value / factor);
    },
  };
}

/**
 * A number inside text with an optional unit (`"-9.60"`, `"3.27 V"`, `"27.84 .C"`, `"0.77(A+)"`).
 * `nullWords` are the device's "nothing here" spellings (`NULL`, `N/A`, `--`).
 */
export function textNumber(
  unitSuffix = '',
  nullWords: readonly string[] = ['NULL', 'N/A', '--', '-', ''],
  digits = 2,
): ValueCodec<string> {
  const lowered = nullWords.map((w) => w.toLowerCase());
  return {
    decode(raw) {
      if (raw === null || raw === undefined) return null;
      if (typeof raw === 'number') return raw;
      const t = raw.trim();
      if (lowered.includes(t.toLowerCase())) return null;
      return parseLeadingFloat(t);
    },
    encode(value) {
      return `${value.toFixed(digits)}${unitSuffix}`;
    },
  };
}

/**
 * V-SOL EPON optics `"0.03 mW (-14.61 dBm)"`: the dBm is the number in brackets; the first number is mW
 * (LibreNMS stores that mW as dBm — a bug we must not copy).
 */
export const mwWithDbmInBrackets: ValueCodec<string> = {
  decode(raw) {
    if (raw === null || raw === undefined) return null;
    if (typeof raw === 'number') return raw;
    const m = /\(\s*([-+]?\d+(?:\.\d+)?)\s*dBm\s*\)/i.exec(raw);
    if (m) return Number(m[1]);
    // Some firmware drops the mW part; accept a bare "… dBm".
    const bare = /([-+]?\d+(?:\.\d+)?)\s*dBm/i.exec(raw);
    return bare ? Number(bare[1]) : null;
  },
  encode(value) {
    const mw = 10 ** (value / 10);
    return `${mw.toFixed(2)} mW (${value.toFixed(2)} dBm)`;
  },
};

/** An integer power as text or number (`-256`, `"21"`), i.e. a value in unknown tenths/hundredths of a dBm. */
export function isIntegerPower(raw: RawValue): boolean {
  if (typeof raw === 'number') return Number.isInteger(raw);
  return typeof raw === 'string' && /^\s*[-+]?\d+\s*$/.test(raw);
}

/** The smallest of 1, 10, 100, 1000 that brings `magnitude` within the plausible `limit` (dBm). */
export function powerDivisor(magnitude: number, limit: number): number {
  for (const d of [1, 10, 100]) if (magnitude / d <= limit) return d;
  return 1000;
}

/**
 * V-SOL GPON rx/tx: seen as `"-14.41"`, `"-13.518(dBm)"` or integers in tenths or hundredths (`-256`), depending on
 * firmware. Text with a decimal point is dBm; an integer is scaled down until it is a plausible power for its kind
 * (`limit`: |rx| ≤ 40, |tx| ≤ 10). One value alone can be ambiguous (tx `5` = 5 dBm or 0.5 dBm), so tables decode
 * whole columns with `decodePowerColumn`, which picks one divisor from the column's typical value.
 */
export function vsolGponPower(limit: number): ValueCodec<string> {
  return {
    decode(raw) {
      if (raw === null || raw === undefined) return null;
      if (typeof raw === 'string') {
        const t = raw.trim();
        if (t === '' || /^(n\/a|null|--|-|offline)$/i.test(t)) return null;
      }
      if (isIntegerPower(raw)) {
        const v = Number(raw);
        // An integer 0 is how these tables leave a reading out.
        if (v === 0) return null;
        return round(v / powerDivisor(Math.abs(v), limit));
      }
      return parseLeadingFloat(raw);
    },
    encode(value) {
      return value.toFixed(2);
    },
  };
}

/** Decode one column of V-SOL GPON powers with a single divisor for its integer cells (see `vsolGponPower`). */
export function decodePowerColumn(raws: readonly RawValue[], limit: number): (number | null)[] {
  const codec = vsolGponPower(limit);
  const magnitudes = raws
    .filter(isIntegerPower)
    .map((r) => Math.abs(Number(r)))
    .filter((v) => v !== 0)
    .sort((a, b) => a - b);
  if (magnitudes.length === 0) return raws.map((r) => codec.decode(r));
  const divisor = powerDivisor(magnitudes[Math.floor(magnitudes.length / 2)], limit);
  return raws.map((r) => {
    if (!isIntegerPower(r)) return codec.decode(r);
    const v = Number(r);
    return v === 0 ? null : round(v / divisor);
  });
}

/** C-Data FD11xx rx in 0.1 µW: dBm = 10·log10(raw) − 40; 65535 = offline. */
export const tenthMicrowattLog: ValueCodec<number> = {
  decode(raw) {
    const n = typeof raw === 'string' ? parseLeadingFloat(raw) : (raw ?? null);
    if (n === null || n <= 0 || n === 65535) return null;
    return round(10 * Math.log10(n) - 40, 2);
  },
  encode(value) {
    return Math.max(1, Math.round(10 ** ((value + 40) / 10)));
  },
};

// ---------------------------------------------------------------------------------------------
// MAC addresses

/** Lower-case `aa:bb:cc:dd:ee:ff` from dotted, colon, dash, bare-hex or 6 raw bytes; null otherwise. */
export function normalizeMac(input: string | Uint8Array | null | undefined): string | null {
  if (input === null || input === undefined) return null;
  if (typeof input !== 'string') {
    if (input.length !== 6) return null;
    return Array.from(input, (b) => b.toString(16).padStart(2, '0')).join(':');
  }
  const hex = input
    .trim()
    .toLowerCase()
    .replace(/^0x/, '')
    .replace(/[.:\-\s]/g, '');
  if (!/^[0-9a-f]{12}$/.test(hex)) return null;
  return hex.replace(/(..)(?!$)/g, '$1:');
}

/** For parsers whose regex already guarantees a MAC: never null. */
export function macOrRaw(input: string): string {
  return normalizeMac(input) ?? input.toLowerCase();
}

/** Cisco/BDCOM dotted form `a094.6a89.97d0`. */
export function macToDotted(mac: string): string {
  const hex = (normalizeMac(mac) ?? '').replace(/:/g, '');
  return `${hex.slice(0, 4)}.${hex.slice(4, 8)}.${hex.slice(8, 12)}`;
}

/** V-SOL GPON MAC-table form `0228:9a89:6a98`. */
export function macToQuadColon(mac: string): string {
  return macToDotted(mac).replace(/\./g, ':');
}

/** C-Data upper-case `C4:70:0B:6C:80:48`. */
export function macToUpperColon(mac: string): string {
  return (normalizeMac(mac) ?? '').toUpperCase();
}

export function macToBytes(mac: string): number[] {
  const n = normalizeMac(mac);
  if (!n) throw new Error(`not a MAC address: ${mac}`);
  return n.split(':').map((h) => parseInt(h, 16));
}

// ---------------------------------------------------------------------------------------------
// Reason and status vocabularies

export interface ReasonRule {
  match: RegExp;
  reason: DeregReason;
}

/** Map a device's dereg-reason text to the shared vocabulary; empty/none words map to null. */
export function mapReasonText(
  raw: string | null | undefined,
  rules: readonly ReasonRule[],
): DeregReason | null {
  if (raw === null || raw === undefined) return null;
  const t = raw.trim();
  if (t === '' || /^(n\/a|null|none|--|-)$/i.test(t)) return null;
  for (const r of rules) if (r.match.test(t)) return r.reason;
  return 'unknown';
}

/**
 * How a device spells each reason when it writes one (the renderers' side of `mapReasonText`). Kept next to the
 * parsing rules so the simulator writes only words the drivers read; `reasonWordsRoundTrip` checks the pair.
 */
export type ReasonWords = Readonly<Record<Exclude<DeregReason, 'unknown'>, string>>;

/** Reasons whose word does not read back as itself through `map` (empty when the table and the rules agree). */
export function reasonWordsRoundTrip(
  words: Partial<ReasonWords>,
  map: (raw: string) => DeregReason | null,
): string[] {
  return Object.entries(words)
    .filter(([reason, word]) => map(word as string) !== reason)
    .map(([reason, word]) => `${reason} → "${word}" → ${String(map(word as string))}`);
}

/** Text rules that hold across brands (order matters: first match wins). */
export const COMMON_REASON_RULES: readonly ReasonRule[] = [
  { match: /dying[\s-]?gasp|power[\s-]?(off|down)|\bdg\b/i, reason: 'power-off' },
  { match: /wire[\s-]?down|link[\s-]?down|eth(ernet)?[\s-]?down/i, reason: 'wire-down' },
  {
    match:
      /\blos[i]?\b|\bonu\s*los\b|laser[\s-]?out|fib(er|re)|loss of signal|\blof[i]?\b|pon[\s-]?los|mpcp|oam[\s-]?down|omcc|ranging/i,
    reason: 'los',
  },
  // A restart or a manual deregistration: the ONU comes back by itself (before the admin rule: "Manual").
  { match: /reboot|restart|\breset\b|manual[\s-]?dereg|firmware|upgrade/i, reason: 'reboot' },
  {
    match: /admin|manual|deactiv|deregister(ed)? by|disable|llid-admin|auth|illegal/i,
    reason: 'admin',
  },
];

export function mapReasonCode(
  code: number | null | undefined,
  table: Readonly<Record<number, { raw: string; reason: DeregReason | null }>>,
): { reason: DeregReason | null; raw: string | null } {
  if (code === null || code === undefined || !Number.isFinite(code)) return { reason: null, raw: null };
  const hit = table[code];
  if (!hit) return { reason: 'unknown', raw: String(code) };
  return { reason: hit.reason, raw: hit.raw };
}

/** Reverse of a code table: the first code whose mapped reason equals the wanted one. */
export function reasonToCode(
  reason: DeregReason,
  table: Readonly<Record<number, { raw: string; reason: DeregReason | null }>>,
): number {
  for (const [k, v] of Object.entries(table)) if (v.reason === reason) return Number(k);
  throw new Error(`no code for reason ${reason}`);
}

export function statusFromCode(
  code: number | null | undefined,
  table: Readonly<Record<number, { raw: string; status: OnuStatus }>>,
): { status: OnuStatus; raw: string | null } {
  if (code === null || code === undefined) return { status: 'unknown', raw: null };
  const hit = table[code];
  return hit ? { status: hit.status, raw: hit.raw } : { status: 'unknown', raw: String(code) };
}

export function statusToCode(
  status: OnuStatus,
  table: Readonly<Record<number, { raw: string; status: OnuStatus }>>,
): number {
  for (const [k, v] of Object.entries(table)) if (v.status === status) return Number(k);
  throw new Error(`no code for status ${status}`);
}

/** `"N/A"`, `"NULL"`, empty → null; otherwise trimmed text. */
export function textOrNull(
  raw: RawValue,
  nullWords: readonly string[] = ['N/A', 'NULL', '--', '-', ''],
): string | null {
  if (raw === null || raw === undefined) return null;
  const t = String(raw)
    .replace(/\0+$/g, '')
    .replace(/[\r\n]+$/g, '')
    .trim();
  return nullWords.some((w) => w.toLowerCase() === t.toLowerCase()) ? null : t;
}

/** Device clocks that were never set (1970, 2000 reset) carry no information. */
export function meaningfulTime(raw: string | null): string | null {
  if (!raw) return null;
  const t = raw.trim();
  if (t === '' || /^(n\/a|-|--|null|0)$/i.test(t)) return null;
  return t;
}

/** A load in percent (0…100, one decimal); anything else (a missing object, a wild value) is no reading. */
export function percentOrNull(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0 || value > 100)
    return null;
  return Math.round(value * 10) / 10;
}

/** Used share of a memory pool given its total and free sizes (same unit), in percent. */
export function usedPercent(total: number | null, free: number | null): number | null {
  if (total === null || free === null || total <= 0 || free < 0 || free > total) return null;
  return percentOrNull(((total - free) / total) * 100);
}
