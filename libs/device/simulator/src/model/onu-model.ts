/**
 * How one simulated ONU looks and behaves, as pure functions of (device seed, PON, ONU id, time).
 * Nothing here knows a brand: brand adapters turn these values into each device's encodings.
 */
import type { OltModeCode, OnuDownReasonCode } from '@pondesk/contracts';
import { between, hashInts, intBetween, pick, unit } from './seeded-random';

/** The reasons the simulator produces (the contracts' down reasons minus "unknown"). */
export type SimReason = Exclude<OnuDownReasonCode, 'unknown'>;

export interface Outage {
  /** Unix seconds (simulated). */
  start: number;
  /** Exclusive end; `Infinity` while it has not ended. */
  end: number;
  reason: SimReason;
}

export interface OnuStatic {
  ponPort: number;
  onuId: number;
  mac: string;
  /** Vendor id (4 letters) + 8 hex digits, e.g. `ZTEGce792257`. */
  serial: string;
  vendor: string;
  model: string;
  /** PPPoE-style login operators type in (`rahim482@isp`), or null when unset. */
  description: string | null;
  distanceM: number;
  baseRx: number;
  baseTx: number;
  baseTemp: number;
  baseVolt: number;
  baseBias: number;
  /** dB lost per simulated day (0 for healthy ONUs). */
  degradePerDay: number;
  /** Multiplies the outage rate. */
  flakiness: number;
  /** Offline since before the simulation started (a subscriber who left, a dead ONU). */
  deadSince: number | null;
  /** First registration, before the simulation epoch. */
  firstReg: number;
  clientMacCount: number;
  phase: number;
}

/** Outage slots: one draw per ONU per slot. */
export const SLOT_SECONDS = 600;
/** Outages are generated from this long before the epoch, so "last deregistration" is known from the start. */
export const PREHISTORY_SECONDS = 2 * 86_400;

const NAMES = [
  'rahim',
  'karim',
  'nasir',
  'sumon',
  'rana',
  'jamal',
  'salma',
  'rupa',
  'tania',
  'arif',
  'sohel',
  'mitu',
  'habib',
  'shapla',
  'faruk',
  'liton',
  'mamun',
  'nipa',
  'robin',
  'sajib',
  'user',
  'client',
  'ftth',
  'home',
];
const DOMAINS = ['isp', 'fiber', 'net', 'bd'];
const OUIS = [
  [0xa0, 0x94, 0x6a],
  [0xc4, 0x70, 0x0b],
  [0x30, 0xd1, 0x7e],
  [0xe0, 0x67, 0xb3],
  [0x00, 0xd5, 0x9e],
  [0xd8, 0x49, 0x0b],
  [0x80, 0xf7, 0xa6],
  [0x10, 0xf7, 0xa6],
] as const;
const EPON_MODELS = [
  { vendor: 'BDCM', model: 'P1501C1' },
  { vendor: 'VSOL', model: 'V2801S' },
  { vendor: 'CDAT', model: 'FD511G' },
  { vendor: 'HSGQ', model: 'X100' },
] as const;
const GPON_MODELS = [
  { vendor: 'HWTC', model: 'HG8546M' },
  { vendor: 'ZTEG', model: 'F670L' },
  { vendor: 'FHTT', model: 'AN5506-01-A' },
  { vendor: 'VSOL', model: 'V2802GW' },
] as const;

const hex2 = (n: number): string => (n & 0xff).toString(16).padStart(2, '0');

export function onuStatic(
  seed: number,
  mode: OltModeCode,
  ponPort: number,
  onuId: number,
  epoch: number,
): OnuStatic {
  const k = (salt: number): number[] => [seed, ponPort, onuId, salt];
  const oui = pick(OUIS, ...k(1));
  const h = hashInts(...k(2));
  const mac = [...oui, (h >>> 16) & 0xff, (h >>> 8) & 0xff, h & 0xff].map(hex2).join(':');
  const kind = mode === 'gpon' ? pick(GPON_MODELS, ...k(3)) : pick(EPON_MODELS, ...k(3));
  const serial =
    kind.vendor +
    hashInts(...k(4))
      .toString(16)
      .padStart(8, '0');
  const described = unit(...k(5)) >= 0.07;
  const description = described
    ? `${pick(NAMES, ...k(6))}${intBetween(10, 999, ...k(7))}@${pick(DOMAINS, seed, 8)}`
    : null;
  const degrading = unit(...k(9)) < 0.06;
  const flaky = unit(...k(10)) < 0.1;
  const dead = unit(...k(11)) < 0.03;
  return {
    ponPort,
    onuId,
    mac,
    serial,
    vendor: kind.vendor,
    model: kind.model,
    description,
    distanceM: intBetween(300, 9000, ...k(12)),
    // Skewed towards the healthy end: most links sit around -17..-23 dBm.
    baseRx: -13 - 14 * unit(...k(13)) ** 1.4,
    baseTx: between(1.5, 3.5, ...k(14)),
    baseTemp: between(36, 54, ...k(15)),
    baseVolt: between(3.2, 3.4, ...k(16)),
    baseBias: between(8, 18, ...k(17)),
    degradePerDay: degrading ? between(0.3, 1.5, ...k(18)) : 0,
    flakiness: flaky ? 8 : 1,
    deadSince: dead ? epoch - intBetween(3, 40, ...k(19)) * 86_400 : null,
    firstReg: epoch - intBetween(40, 400, ...k(20)) * 86_400,
    clientMacCount: intBetween(0, 3, ...k(21)),
    phase: unit(...k(22)) * Math.PI * 2,
  };
}

const OUTAGE_RATE = 0.0015;

/** Random outage of one ONU starting in one slot (or null); overlapping outages are merged later. */
export function onuOutageInSlot(seed: number, s: OnuStatic, slot: number): Outage | null {
  if (unit(seed, s.ponPort, s.onuId, slot, 101) >= OUTAGE_RATE * s.flakiness) return null;
  const start = slot * SLOT_SECONDS + Math.floor(unit(seed, s.ponPort, s.onuId, slot, 102) * SLOT_SECONDS);
  const r = unit(seed, s.ponPort, s.onuId, slot, 103);
  const reason: SimReason = r < 0.45 ? 'power-off' : r < 0.8 ? 'los' : 'wire-down';
  const maxMinutes = reason === 'power-off' ? 480 : reason === 'los' ? 120 : 60;
  const minutes = 10 + unit(seed, s.ponPort, s.onuId, slot, 104) * (maxMinutes - 10);
  return { start, end: start + Math.round(minutes * 60), reason };
}

const PON_OUTAGE_RATE = 0.0004;

/** Whole-PON outage (a fibre cut upstream of the splitter) starting in one slot. */
export function ponOutageInSlot(seed: number, ponPort: number, slot: number): Outage | null {
  if (unit(seed, ponPort, slot, 201) >= PON_OUTAGE_RATE) return null;
  const start = slot * SLOT_SECONDS + Math.floor(unit(seed, ponPort, slot, 202) * SLOT_SECONDS);
  return { start, end: start + Math.round(between(10, 40, seed, ponPort, slot, 203) * 60), reason: 'los' };
}

/** Merge overlapping outages (sorted by start); the first reason of a merged run wins. */
export function mergeOutages(list: Outage[]): Outage[] {
  const sorted = [...list].sort((a, b) => a.start - b.start);
  const out: Outage[] = [];
  for (const o of sorted) {
    const last = out[out.length - 1];
    if (last && o.start < last.end) last.end = Math.max(last.end, o.end);
    else out.push({ ...o });
  }
  return out;
}

export interface OpticsAt {
  rxDbm: number;
  txDbm: number;
  temperatureC: number;
  voltageV: number;
  biasMa: number;
}

/** Optics at time t: slow daily swing, small 5-minute jitter, and steady loss for degrading ONUs. */
export function opticsAt(seed: number, s: OnuStatic, t: number, epoch: number): OpticsAt {
  const day = (2 * Math.PI * t) / 86_400;
  const jitter = (salt: number): number => unit(seed, s.ponPort, s.onuId, Math.floor(t / 300), salt) - 0.5;
  const degrade = (s.degradePerDay * Math.max(0, t - epoch)) / 86_400;
  const rx = s.baseRx + 0.6 * Math.sin(day + s.phase) + 0.3 * jitter(301) - degrade;
  return {
    rxDbm: Math.min(-8, Math.max(-32, rx)),
    txDbm: s.baseTx + 0.1 * Math.sin(day + s.phase) + 0.05 * jitter(302),
    temperatureC: s.baseTemp + 3 * Math.sin(day + s.phase / 2) + 0.5 * jitter(303),
    voltageV: s.baseVolt + 0.02 * jitter(304),
    biasMa: s.baseBias + 0.5 * jitter(305),
  };
}

/** Client devices behind an ONU (router WAN MACs), stable per ONU. */
export function clientMacs(seed: number, s: OnuStatic, vlan: number): { mac: string; vlan: number }[] {
  const out: { mac: string; vlan: number }[] = [];
  for (let i = 0; i < s.clientMacCount; i++) {
    const h = hashInts(seed, s.ponPort, s.onuId, i, 401);
    const h2 = hashInts(seed, s.ponPort, s.onuId, i, 402);
    // Locally administered unicast prefix keeps client MACs apart from ONU MACs.
    const bytes = [
      0x02 | ((h2 >>> 24) & 0xfc),
      (h2 >>> 16) & 0xff,
      (h >>> 24) & 0xff,
      (h >>> 16) & 0xff,
      (h >>> 8) & 0xff,
      h & 0xff,
    ];
    out.push({ mac: bytes.map(hex2).join(':'), vlan });
  }
  return out;
}
