/**
 * The state of one simulated OLT: ONUs computed lazily from the seed, plus the sparse changes made through
 * the device (reboot, delete) or the control API (PON down, rx override). Every reading is a function of
 * simulated time; `onu(…, t)` with the same t always answers the same.
 */
import type { CdataFirmware } from '../config/fleet-config';
import type { OltBrandCode, OltModeCode, OnuStatusCode } from '@pondesk/contracts';
import type { SimClock } from './sim-clock';
import { NO_FAULTS, type DeviceFaults } from './device-faults';
import {
  PREHISTORY_SECONDS,
  SLOT_SECONDS,
  clientMacs,
  mergeOutages,
  onuOutageInSlot,
  onuStatic,
  opticsAt,
  ponOutageInSlot,
  type OnuStatic,
  type Outage,
  type SimReason,
} from './onu-model';
import { intBetween, pick, roundTo, unit } from './seeded-random';

const INITIAL_REASONS: readonly SimReason[] = ['power-off', 'los', 'wire-down'];

export interface OltSpec {
  name: string;
  brand: OltBrandCode;
  mode: OltModeCode;
  ponPorts: number;
  onusPerPort: number;
  seed: number;
  hostname: string;
  /** Service VLAN of client MACs. */
  vlan: number;
  /** HSGQ GPON numbers ONTs from 0; everyone else from 1. */
  firstOnuId: number;
  /** C-Data: which firmware's CLI the box speaks (fleet `firmware`); absent = the EPON-style layout. */
  firmware?: CdataFirmware | null;
}

/** Smallest step each reading is kept at, so every transport of a brand can carry it exactly. */
export interface Resolution {
  rx: number;
  tx: number;
  temperature: number;
  voltage: number;
  bias: number;
}

export interface OnuSession {
  up: number;
  /** null while the session is still open. */
  down: number | null;
  reason: SimReason | null;
}

/** One ONU exactly as the simulator holds it at one instant (times are simulated Unix seconds). */
export interface SimOnu {
  ponPort: number;
  onuId: number;
  mac: string;
  serial: string;
  vendor: string;
  model: string;
  description: string | null;
  status: OnuStatusCode;
  /** Why the last deregistration happened (also set while online again). */
  lastDeregReason: SimReason;
  lastDeregTime: number;
  lastRegTime: number;
  distanceM: number;
  rxDbm: number | null;
  txDbm: number | null;
  oltRxDbm: number | null;
  temperatureC: number | null;
  voltageV: number | null;
  biasMa: number | null;
  clientMacs: { mac: string; vlan: number }[];
  /** Oldest first; at most the last few sessions. */
  history: OnuSession[];
}

export interface PonState {
  ponPort: number;
  up: boolean;
  online: number;
  offline: number;
  total: number;
}

export interface SystemState {
  uptimeSeconds: number;
  cpuPercent: number;
  memoryPercent: number;
  temperatureC: number;
}

interface ScanCache {
  scanned: number;
  outages: Outage[];
}

/**
 * Told around every change made to ONUs through the device or the control API (reboot, taken offline or
 * released, PON down or up): `before` just ahead of it, `after` once it holds. `onuId` null = the whole PON.
 * Changes that come from simulated time passing are not told (they are found by comparing over time).
 */
export type OltChangeListener = (phase: 'before' | 'after', ponPort: number, onuId: number | null) => void;

const KEEP_OUTAGES = 12;
/** A rebooting ONU is away this long (simulated seconds). */
export const REBOOT_SECONDS = 90;

export class OltState {
  readonly kind = 'olt' as const;
  faults: DeviceFaults = { ...NO_FAULTS };
  private readonly rebootsAsked = new Map<number, number>();
  /** Taken off the air by the control API: no transport answers. */
  offAir = false;
  /** Bumped when ONUs appear or disappear, so table indexes are rebuilt. */
  version = 0;
  readonly bootTime: number;
  private readonly anchorSlot: number;
  private readonly statics = new Map<number, OnuStatic>();
  private readonly onuScans = new Map<number, ScanCache>();
  private readonly ponScans = new Map<number, ScanCache>();
  private readonly snapshots = new Map<number, { t: number; onu: SimOnu }>();
  private readonly deleted = new Set<number>();
  private readonly manualOnu = new Map<number, Outage[]>();
  private readonly manualPon = new Map<number, Outage[]>();
  private readonly rxOverride = new Map<number, number>();
  private refsCache: { version: number; refs: { ponPort: number; onuId: number }[] } | null = null;
  private readonly listeners = new Set<OltChangeListener>();

  constructor(
    readonly spec: OltSpec,
    readonly clock: SimClock,
    readonly resolution: Resolution,
  ) {
    this.anchorSlot = Math.floor((clock.epochSeconds - PREHISTORY_SECONDS) / SLOT_SECONDS);
    this.bootTime =
      clock.epochSeconds - intBetween(2, 90, spec.seed, 901) * 86_400 - intBetween(0, 86_399, spec.seed, 902);
  }

  static key(ponPort: number, onuId: number): number {
    return ponPort * 1024 + onuId;
  }

  now(): number {
    return this.clock.now();
  }

  get onuCount(): number {
    return this.refs().length;
  }

  /** Present ONUs in (PON, id) order. */
  refs(): { ponPort: number; onuId: number }[] {
    if (this.refsCache && this.refsCache.version === this.version) return this.refsCache.refs;
    const refs: { ponPort: number; onuId: number }[] = [];
    for (let p = 1; p <= this.spec.ponPorts; p++)
      for (let o = this.spec.firstOnuId; o < this.spec.firstOnuId + this.spec.onusPerPort; o++)
        if (!this.deleted.has(OltState.key(p, o))) refs.push({ ponPort: p, onuId: o });
    this.refsCache = { version: this.version, refs };
    return refs;
  }

  has(ponPort: number, onuId: number): boolean {
    return (
      ponPort >= 1 &&
      ponPort <= this.spec.ponPorts &&
      onuId >= this.spec.firstOnuId &&
      onuId < this.spec.firstOnuId + this.spec.onusPerPort &&
      !this.deleted.has(OltState.key(ponPort, onuId))
    );
  }

  staticOf(ponPort: number, onuId: number): OnuStatic {
    const k = OltState.key(ponPort, onuId);
    let s = this.statics.get(k);
    if (!s) {
      s = onuStatic(this.spec.seed, this.spec.mode, ponPort, onuId, this.clock.epochSeconds);
      this.statics.set(k, s);
    }
    return s;
  }

  /** The ONU at time t (default: now), or null when it does not exist (never bound or deleted). */
  onu(ponPort: number, onuId: number, t = this.now()): SimOnu | null {
    if (!this.has(ponPort, onuId)) return null;
    const k = OltState.key(ponPort, onuId);
    const hit = this.snapshots.get(k);
    if (hit && hit.t === t) return hit.onu;
    const onu = this.compute(ponPort, onuId, t);
    this.snapshots.set(k, { t, onu });
    return onu;
  }

  /**
   * Whether the ONU is online at time t (the `status` of `onu()`), without computing the rest of it: cheap
   * enough to ask of every ONU of a big fleet every second. Null when the ONU does not exist.
   */
  online(ponPort: number, onuId: number, t = this.now()): boolean | null {
    if (!this.has(ponPort, onuId)) return null;
    const k = OltState.key(ponPort, onuId);
    const hit = this.snapshots.get(k);
    if (hit && hit.t === t) return hit.onu.status === 'online';
    const s = this.staticOf(ponPort, onuId);
    const seed = this.spec.seed;
    // Offline exactly when an outage begun since the first registration covers t (compute's last merged run).
    const covers = (o: Outage): boolean => o.start > s.firstReg && o.start <= t && t < o.end;
    if (s.deadSince !== null && covers({ start: s.deadSince, end: Infinity, reason: 'power-off' }))
      return false;
    if (this.manualOnu.get(k)?.some(covers) || this.manualPon.get(ponPort)?.some(covers)) return false;
    if (this.scan(this.ponScans, ponPort, t, (slot) => ponOutageInSlot(seed, ponPort, slot)).some(covers))
      return false;
    return !this.scan(this.onuScans, k, t, (slot) => onuOutageInSlot(seed, s, slot)).some(covers);
  }

  /** The client MACs the ONU shows while online (`onu().clientMacs`; offline it shows none), cheaply. */
  onlineClientMacs(ponPort: number, onuId: number): { mac: string; vlan: number }[] {
    if (!this.has(ponPort, onuId)) return [];
    return clientMacs(this.spec.seed, this.staticOf(ponPort, onuId), this.spec.vlan);
  }

  onus(t = this.now(), ponPort?: number): SimOnu[] {
    const out: SimOnu[] = [];
    for (const r of this.refs()) {
      if (ponPort !== undefined && r.ponPort !== ponPort) continue;
      const o = this.onu(r.ponPort, r.onuId, t);
      if (o) out.push(o);
    }
    return out;
  }

  ponUp(ponPort: number, t = this.now()): boolean {
    return !this.ponOutages(ponPort, t).some((o) => o.start <= t && t < o.end);
  }

  pons(t = this.now()): PonState[] {
    const out: PonState[] = [];
    for (let p = 1; p <= this.spec.ponPorts; p++) {
      const list = this.onus(t, p);
      const online = list.filter((o) => o.status === 'online').length;
      out.push({
        ponPort: p,
        up: this.ponUp(p, t),
        online,
        offline: list.length - online,
        total: list.length,
      });
    }
    return out;
  }

  system(t = this.now()): SystemState {
    const s = this.spec.seed;
    return {
      uptimeSeconds: Math.max(0, t - this.bootTime),
      cpuPercent: Math.round(6 + 22 * unit(s, Math.floor(t / 60), 911) + 6 * unit(s, 912)),
      memoryPercent: Math.round(38 + 18 * unit(s, 913) + 4 * unit(s, Math.floor(t / 300), 914)),
      temperatureC: Math.round(38 + 8 * unit(s, 915) + 2 * unit(s, Math.floor(t / 600), 916)),
    };
  }

  // ------------------------------------------------------------------------------------------
  // Changes (through the device's own interfaces or the control API)

  /** Listens to manual changes (see OltChangeListener); answers the function that stops listening. */
  onChange(listener: OltChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(phase: 'before' | 'after', ponPort: number, onuId: number | null): void {
    for (const l of this.listeners) {
      try {
        l(phase, ponPort, onuId);
      } catch {
        // A listener's failure never fails the change itself.
      }
    }
  }

  /** The ONU drops for REBOOT_SECONDS and re-registers. False when it is unknown or offline. */
  rebootOnu(ponPort: number, onuId: number): boolean {
    const t = this.now();
    const counted = OltState.key(ponPort, onuId);
    this.rebootsAsked.set(counted, (this.rebootsAsked.get(counted) ?? 0) + 1);
    const cur = this.onu(ponPort, onuId, t);
    if (!cur || cur.status !== 'online') return false;
    if (this.faults.writesIgnored) return true;
    this.tell('before', ponPort, onuId);
    const k = OltState.key(ponPort, onuId);
    const list = this.manualOnu.get(k) ?? [];
    list.push({ start: t, end: t + REBOOT_SECONDS, reason: 'reboot' });
    this.manualOnu.set(k, list);
    this.snapshots.delete(k);
    this.tell('after', ponPort, onuId);
    return true;
  }

  /** Reboot commands the ONU was sent (through any interface), whether or not it was online to take them. */
  rebootCommands(ponPort: number, onuId: number): number {
    return this.rebootsAsked.get(OltState.key(ponPort, onuId)) ?? 0;
  }

  deleteOnu(ponPort: number, onuId: number): boolean {
    if (!this.has(ponPort, onuId)) return false;
    if (this.faults.writesIgnored) return true;
    this.deleted.add(OltState.key(ponPort, onuId));
    this.snapshots.delete(OltState.key(ponPort, onuId));
    this.version++;
    return true;
  }

  /** Control API: a PON taken down stays down (LOS) until brought up again. */
  setPonDown(ponPort: number, down: boolean): boolean {
    if (ponPort < 1 || ponPort > this.spec.ponPorts) return false;
    this.tell('before', ponPort, null);
    const t = this.now();
    const list = this.manualPon.get(ponPort) ?? [];
    const open = list.find((o) => o.end === Infinity);
    if (down && !open) list.push({ start: t, end: Infinity, reason: 'los' });
    if (!down && open) open.end = Math.max(t, open.start + 1);
    this.manualPon.set(ponPort, list);
    this.dropSnapshots();
    this.tell('after', ponPort, null);
    return true;
  }

  /** Control API: pin an ONU's rx (dBm), or release it with null. */
  setOnuRx(ponPort: number, onuId: number, rxDbm: number | null): boolean {
    if (!this.has(ponPort, onuId)) return false;
    const k = OltState.key(ponPort, onuId);
    if (rxDbm === null) this.rxOverride.delete(k);
    else this.rxOverride.set(k, rxDbm);
    this.snapshots.delete(k);
    return true;
  }

  /** Control API: the ONU goes offline for `reason` and stays so until released with null. */
  setOnuDown(ponPort: number, onuId: number, reason: SimReason | null): boolean {
    if (!this.has(ponPort, onuId)) return false;
    this.tell('before', ponPort, onuId);
    const k = OltState.key(ponPort, onuId);
    const t = this.now();
    const list = this.manualOnu.get(k) ?? [];
    const open = list.find((o) => o.end === Infinity);
    if (reason && !open) list.push({ start: t, end: Infinity, reason });
    if (!reason && open) open.end = Math.max(t, open.start + 1);
    this.manualOnu.set(k, list);
    this.snapshots.delete(k);
    this.tell('after', ponPort, onuId);
    return true;
  }

  private dropSnapshots(): void {
    this.snapshots.clear();
  }

  // ------------------------------------------------------------------------------------------

  private scan(
    cache: Map<number, ScanCache>,
    key: number,
    t: number,
    gen: (slot: number) => Outage | null,
  ): Outage[] {
    let c = cache.get(key);
    if (!c) {
      c = { scanned: this.anchorSlot - 1, outages: [] };
      cache.set(key, c);
    }
    const slotNow = Math.floor(t / SLOT_SECONDS);
    if (slotNow < c.scanned) {
      // Time moved backwards (a test rebuilt the clock): start over from the anchor.
      c.scanned = this.anchorSlot - 1;
      c.outages = [];
    }
    for (let s = c.scanned + 1; s <= slotNow; s++) {
      const o = gen(s);
      if (o) {
        c.outages.push(o);
        if (c.outages.length > KEEP_OUTAGES) c.outages.shift();
      }
    }
    c.scanned = Math.max(c.scanned, slotNow);
    return c.outages;
  }

  private ponOutages(ponPort: number, t: number): Outage[] {
    const seed = this.spec.seed;
    const random = this.scan(this.ponScans, ponPort, t, (slot) => ponOutageInSlot(seed, ponPort, slot));
    return [...random, ...(this.manualPon.get(ponPort) ?? [])].filter((o) => o.start <= t);
  }

  /** Every outage of the ONU begun by t (its own, its PON's, the control API's, and being dead), unmerged. */
  private outages(ponPort: number, onuId: number, t: number): Outage[] {
    const seed = this.spec.seed;
    const s = this.staticOf(ponPort, onuId);
    const k = OltState.key(ponPort, onuId);
    const random = this.scan(this.onuScans, k, t, (slot) => onuOutageInSlot(seed, s, slot));
    const all: Outage[] = [
      ...random,
      ...this.ponOutages(ponPort, t),
      ...(this.manualOnu.get(k) ?? []),
    ].filter((o) => o.start <= t);
    if (s.deadSince !== null) all.push({ start: s.deadSince, end: Infinity, reason: 'power-off' });
    return all;
  }

  private compute(ponPort: number, onuId: number, t: number): SimOnu {
    const seed = this.spec.seed;
    const s = this.staticOf(ponPort, onuId);
    const k = OltState.key(ponPort, onuId);
    const all = this.outages(ponPort, onuId, t);
    // Every ONU was deregistered at least once before its current binding, so "last dereg" is always known.
    const initial: Outage = {
      start: s.firstReg - intBetween(60, 86_400, seed, ponPort, onuId, 23),
      end: s.firstReg,
      reason: pick(INITIAL_REASONS, seed, ponPort, onuId, 24),
    };
    const merged = mergeOutages([initial, ...all.filter((o) => o.start > s.firstReg)]);
    const last = merged[merged.length - 1] ?? initial;
    const offline = t < last.end;
    const prev = merged[merged.length - 2];
    const lastRegTime = offline ? (prev ? prev.end : s.firstReg) : last.end;
    const history: OnuSession[] = [];
    let up = s.firstReg;
    for (const o of merged.slice(1)) {
      history.push({ up, down: o.start, reason: o.reason });
      up = o.end;
    }
    if (!offline) history.push({ up, down: null, reason: null });
    const res = this.resolution;
    const optics = opticsAt(seed, s, t, this.clock.epochSeconds);
    const rx = this.rxOverride.get(k) ?? optics.rxDbm;
    return {
      ponPort,
      onuId,
      mac: s.mac,
      serial: s.serial,
      vendor: s.vendor,
      model: s.model,
      description: s.description,
      status: offline ? 'offline' : 'online',
      lastDeregReason: last.reason,
      lastDeregTime: last.start,
      lastRegTime,
      distanceM: s.distanceM,
      rxDbm: offline ? null : roundTo(rx, res.rx),
      txDbm: offline ? null : roundTo(optics.txDbm, res.tx),
      oltRxDbm: offline ? null : roundTo(rx - 1.2, res.rx),
      temperatureC: offline ? null : roundTo(optics.temperatureC, res.temperature),
      voltageV: offline ? null : roundTo(optics.voltageV, res.voltage),
      biasMa: offline ? null : roundTo(optics.biasMa, res.bias),
      clientMacs: offline ? [] : clientMacs(seed, s, this.spec.vlan),
      history: history.slice(-8),
    };
  }
}
