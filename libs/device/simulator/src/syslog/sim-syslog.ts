/**
 * The simulated devices' syslog: each OLT sends a line when one of its ONUs goes offline or comes back, each
 * simulated MikroTik router its PPPoE `connected` / `disconnected` lines, and now and then a harmless line
 * (an admin login, an OAM line) so a live log moves. Every datagram leaves from the sending device's own
 * address (the UDP socket is bound to it), as a receiver maps lines to devices by sender address.
 *
 * Off until a target is set (`configure`, the control API's `PUT /syslog`, `startFleet({ syslog })`, the
 * fleet file's `syslog`, `npm run sim -- --syslog`); loopback targets only.
 *
 * - Changes made through the device or the control API (an ONU taken offline or released, a reboot, a PON
 *   down or up) send their lines at once (OltState tells us around each change).
 * - Changes that come from simulated time passing are found by a pass every second comparing each OLT's
 *   ONU statuses with the last pass (the first pass only records; a big fleet is read in slices).
 * - An OLT off the air or unreachable (control API faults) sends nothing, as it would have no network.
 */
import { createSocket, type Socket } from 'node:dgram';
import { OltState } from '../model/olt-state';
import type { SimReason } from '../model/onu-model';
import { between, hashInts, unit } from '../model/seeded-random';
import type { SimDevice } from '../fleet/sim-device';
import type { SimRouters } from '../routers/sim-routers';
import { brasIdentity, type SessionEvent } from '../routers/session-event';
import { formatSyslogTarget, type SyslogTarget } from './syslog-target';
import {
  oltNoiseLine,
  onuDownLines,
  onuUpLines,
  routerAdminLine,
  routerPppLine,
  type OltFamily,
  type OnuIdent,
} from './syslog-lines';

export interface SimSyslogOptions {
  /** Milliseconds between passes (default 1000). */
  tickMs?: number;
  /** Real milliseconds a slice of a pass may read OLTs before yielding to the event loop (default 50). */
  passBudgetMs?: number;
  /**
   * Real milliseconds between one device's harmless lines, drawn (seeded) in [minMs, maxMs] per line; null
   * sends none. Default 20–60 s.
   */
  noise?: { minMs: number; maxMs: number } | null;
  /** Where the admins of the noise lines log in from (default 127.0.0.1). */
  adminFrom?: string;
  now?: () => number;
  log?: (line: string) => void;
}

export interface SyslogSourceView {
  name: string;
  kind: 'olt' | 'router';
  /** The address its datagrams leave from. */
  address: string;
}

export interface SyslogView {
  enabled: boolean;
  /** `127.0.0.1:5514`. */
  target: string | null;
  /** Datagrams handed to the network, and those that failed. */
  sent: number;
  failed: number;
  /** Events sent, by kind (one event can be several datagrams: C-Data raises three alarms at a power loss). */
  lines: { onuDown: number; onuUp: number; ppp: number; noise: number };
  lastError: string | null;
  sources: SyslogSourceView[];
}

const DEFAULT_NOISE = { minMs: 20_000, maxMs: 60_000 };
const key = (ponPort: number, onuId: number): number => ponPort * 1024 + onuId;
/** A device off the air (or unreachable) has no network to send on. */
const onAir = (d: SimDevice): boolean => !d.offAir && !d.faults.unreachable;
/** Tries at finding an online ONU to speak of in a noise line. */
const NOISE_PICKS = 8;

/** One OLT as the sender follows it. */
interface OltWatch {
  device: SimDevice;
  st: OltState;
  family: OltFamily;
  address: string;
  /** Online or not at the last look, per ONU. */
  known: Map<number, boolean>;
  /** Why the ONU went offline, from its down line (its up line clears what the down raised). */
  reasons: Map<number, SimReason>;
  noise: NoiseClock;
}

interface RouterWatch {
  identity: string;
  address: string;
  loggedIn: boolean;
  noise: NoiseClock;
}

interface NoiseClock {
  seed: number;
  seq: number;
  /** Real ms; Infinity without noise. */
  at: number;
}

/** A UDP socket bound to one source address, and its datagrams not yet sent. */
interface SenderSocket {
  socket: Socket;
  pending: number;
  /** Dropped: late callbacks are ignored (its pending sends were settled then). */
  closed: boolean;
}

interface Running {
  target: SyslogTarget;
  timer: NodeJS.Timeout;
  unsubscribe: (() => void)[];
  cursor: number;
  roundLeft: number;
}

export class SimSyslog {
  private running: Running | null = null;
  private readonly olts: OltWatch[];
  private readonly routerByIdentity: Map<string, RouterWatch>;
  private readonly sockets = new Map<string, SenderSocket>();
  private readonly counts = {
    sent: 0,
    failed: 0,
    lines: { onuDown: 0, onuUp: 0, ppp: 0, noise: 0 },
  };
  private lastError: string | null = null;
  private readonly loggedErrors = new Set<string>();
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];
  private readonly tickMs: number;
  private readonly passBudgetMs: number;
  private readonly noise: { minMs: number; maxMs: number } | null;
  private readonly adminFrom: string;
  private readonly now: () => number;
  private readonly log: (line: string) => void;

  constructor(
    devices: readonly SimDevice[],
    private readonly routers: SimRouters | null = null,
    opts: SimSyslogOptions = {},
  ) {
    this.tickMs = opts.tickMs ?? 1000;
    this.passBudgetMs = opts.passBudgetMs ?? 50;
    this.noise = opts.noise === undefined ? DEFAULT_NOISE : opts.noise;
    this.adminFrom = opts.adminFrom ?? '127.0.0.1';
    this.now = opts.now ?? Date.now;
    this.log = opts.log ?? ((line) => process.stderr.write(`${line}\n`));
    this.olts = [];
    this.routerByIdentity = new Map();
    for (const d of devices) {
      if (!(d.state instanceof OltState)) continue;
      const st = d.state;
      this.olts.push({
        device: d,
        st,
        family: { brand: st.spec.brand, mode: st.spec.mode },
        address: d.host,
        known: new Map(),
        reasons: new Map(),
        noise: { seed: hashInts(st.spec.seed, 0x5e1), seq: 0, at: Infinity },
      });
      const identity = brasIdentity(d.name);
      this.routerByIdentity.set(identity, {
        identity,
        address: d.routerHost ?? d.host,
        loggedIn: false,
        noise: { seed: hashInts(st.spec.seed, 0x5e2), seq: 0, at: Infinity },
      });
    }
  }

  get enabled(): boolean {
    return this.running !== null;
  }

  get target(): SyslogTarget | null {
    return this.running?.target ?? null;
  }

  /**
   * Sends to `target` from now on (a change of target keeps what was seen), or stops with null. The target
   * must already be checked (`parseSyslogTarget`: loopback only).
   */
  configure(target: SyslogTarget | null): SyslogView {
    if (!target) return this.off();
    if (this.running) {
      this.running.target = { ...target };
      return this.view();
    }
    const unsubscribe = this.olts.map((w) =>
      w.st.onChange((_phase, ponPort, onuId) => this.onChange(w, ponPort, onuId)),
    );
    const timer = setInterval(() => this.tick(), this.tickMs);
    timer.unref();
    this.running = { target: { ...target }, timer, unsubscribe, cursor: 0, roundLeft: 0 };
    const nowMs = this.now();
    for (const w of this.olts) this.scheduleNoise(w.noise, nowMs);
    for (const r of this.routerByIdentity.values()) this.scheduleNoise(r.noise, nowMs);
    this.routers?.setSyslogSink((events) => this.sendSessionEvents(events));
    this.tick();
    return this.view();
  }

  /** Stops sending; what was seen is forgotten (the next `configure` records afresh). */
  off(): SyslogView {
    const r = this.running;
    if (r) {
      clearInterval(r.timer);
      for (const u of r.unsubscribe) u();
      this.running = null;
      this.routers?.setSyslogSink(null);
      for (const w of this.olts) {
        w.known.clear();
        w.reasons.clear();
      }
      for (const s of this.sockets.values()) this.drop(s, null);
    }
    return this.view();
  }

  async stop(): Promise<void> {
    this.off();
  }

  view(): SyslogView {
    return {
      enabled: this.running !== null,
      target: this.running ? formatSyslogTarget(this.running.target) : null,
      sent: this.counts.sent,
      failed: this.counts.failed,
      lines: { ...this.counts.lines },
      lastError: this.lastError,
      sources: this.sources(),
    };
  }

  /** Every device that sends, and the address its lines leave from. */
  sources(): SyslogSourceView[] {
    return [
      ...this.olts.map((w) => ({ name: w.device.name, kind: 'olt' as const, address: w.address })),
      ...[...this.routerByIdentity.values()].map((r) => ({
        name: r.identity,
        kind: 'router' as const,
        address: r.address,
      })),
    ];
  }

  /** Resolves once every datagram handed to the sockets so far has been sent (tests). */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** One pass: every OLT's ONUs compared with the last pass, and the harmless lines that are due. Never throws. */
  tick(): void {
    const r = this.running;
    if (!r) return;
    if (r.roundLeft === 0) r.roundLeft = this.olts.length;
    this.slice(r);
    try {
      this.noiseDue(this.now());
    } catch (e) {
      this.fail('noise', e, 0);
    }
  }

  private slice(r: Running): void {
    if (this.running !== r) return;
    try {
      const started = performance.now();
      while (r.roundLeft > 0) {
        const w = this.olts[r.cursor];
        r.cursor = (r.cursor + 1) % this.olts.length;
        r.roundLeft--;
        this.pass(w);
        if (performance.now() - started >= this.passBudgetMs) break;
      }
      if (r.roundLeft > 0) setImmediate(() => this.slice(r)).unref();
    } catch (e) {
      this.fail('pass', e, 0);
    }
  }

  /** Every ONU of one OLT: changes since the last look are sent; ONUs seen for the first time only recorded. */
  private pass(w: OltWatch): void {
    const t = w.st.now();
    const refs = w.st.refs();
    for (const ref of refs) this.look(w, ref.ponPort, ref.onuId, t);
    if (w.known.size > refs.length) {
      // Deleted ONUs: forget them.
      const present = new Set(refs.map((x) => key(x.ponPort, x.onuId)));
      for (const k of w.known.keys()) {
        if (present.has(k)) continue;
        w.known.delete(k);
        w.reasons.delete(k);
      }
    }
  }

  /** A change made through the device or the control API: the ONUs it touches are looked at now. */
  private onChange(w: OltWatch, ponPort: number, onuId: number | null): void {
    if (!this.running) return;
    const t = w.st.now();
    if (onuId !== null) this.look(w, ponPort, onuId, t);
    else for (const ref of w.st.refs()) if (ref.ponPort === ponPort) this.look(w, ref.ponPort, ref.onuId, t);
  }

  private look(w: OltWatch, ponPort: number, onuId: number, t: number): void {
    const k = key(ponPort, onuId);
    const online = w.st.online(ponPort, onuId, t);
    if (online === null) {
      w.known.delete(k);
      w.reasons.delete(k);
      return;
    }
    const before = w.known.get(k);
    w.known.set(k, online);
    if (before === undefined || before === online) return;
    const onu = w.st.onu(ponPort, onuId, t);
    if (!onu) return;
    const hostname = w.st.spec.hostname;
    if (!onAir(w.device)) return;
    if (!online) {
      w.reasons.set(k, onu.lastDeregReason);
      this.counts.lines.onuDown++;
      this.send(w.device, w.address, onuDownLines(w.family, hostname, onu, onu.lastDeregReason, t));
    } else {
      const reason = w.reasons.get(k) ?? onu.lastDeregReason;
      w.reasons.delete(k);
      this.counts.lines.onuUp++;
      this.send(w.device, w.address, onuUpLines(w.family, hostname, onu, reason, t));
    }
  }

  /** The simulated routers' PPPoE session events, as their syslog lines. */
  private sendSessionEvents(events: readonly SessionEvent[]): void {
    if (!this.running) return;
    for (const e of events) {
      const r = this.routerByIdentity.get(e.router);
      if (!r) continue;
      this.counts.lines.ppp++;
      this.send(null, r.address, [routerPppLine(e.user, e.action)]);
    }
  }

  private scheduleNoise(c: NoiseClock, nowMs: number): void {
    if (!this.noise) {
      c.at = Infinity;
      return;
    }
    c.seq++;
    c.at = nowMs + between(this.noise.minMs, this.noise.maxMs, c.seed, c.seq, 1);
  }

  private noiseDue(nowMs: number): void {
    for (const w of this.olts) {
      if (w.noise.at > nowMs) continue;
      this.scheduleNoise(w.noise, nowMs);
      if (!onAir(w.device)) continue;
      const line = oltNoiseLine(w.family, w.st.spec.hostname, this.onlineOnu(w), w.st.now(), this.adminFrom);
      if (line) {
        this.counts.lines.noise++;
        this.send(w.device, w.address, [line]);
      }
    }
    for (const r of this.routerByIdentity.values()) {
      if (r.noise.at > nowMs) continue;
      r.loggedIn = !r.loggedIn;
      this.counts.lines.noise++;
      this.send(null, r.address, [routerAdminLine(r.loggedIn, this.adminFrom)]);
      this.scheduleNoise(r.noise, nowMs);
    }
  }

  /** An online ONU of the OLT picked at random (seeded), or null when a few picks find none. */
  private onlineOnu(w: OltWatch): OnuIdent | null {
    const refs = w.st.refs();
    if (!refs.length) return null;
    for (let i = 0; i < NOISE_PICKS; i++) {
      const ref = refs[Math.floor(unit(w.noise.seed, w.noise.seq, i, 2) * refs.length)];
      if (ref && w.st.online(ref.ponPort, ref.onuId)) {
        const s = w.st.staticOf(ref.ponPort, ref.onuId);
        return { ponPort: ref.ponPort, onuId: ref.onuId, mac: s.mac, serial: s.serial };
      }
    }
    return null;
  }

  /** `device`: the OLT sending (nothing while it is off the air); null for a router (always on the air). */
  private send(device: SimDevice | null, from: string, lines: readonly string[]): void {
    const r = this.running;
    if (!r || !lines.length) return;
    if (device && !onAir(device)) return;
    const s = this.socketFor(from);
    for (const line of lines) {
      this.inFlight++;
      s.pending++;
      s.socket.send(Buffer.from(line, 'utf8'), r.target.port, r.target.host, (error) => {
        if (s.closed) return;
        if (error) this.fail(`send from ${from}`, error);
        else this.counts.sent++;
        s.pending--;
        this.settled(1);
      });
    }
  }

  private settled(n: number): void {
    this.inFlight -= n;
    if (this.inFlight <= 0) {
      this.inFlight = 0;
      for (const w of this.idleWaiters.splice(0)) w();
    }
  }

  /** A UDP socket bound to `address` (port chosen by the OS), so datagrams leave from the device's own address. */
  private socketFor(address: string): SenderSocket {
    let s = this.sockets.get(address);
    if (!s) {
      const entry: SenderSocket = { socket: createSocket('udp4'), pending: 0, closed: false };
      // A failed bind (an address this machine does not have) never calls back the sends queued behind it.
      entry.socket.on('error', (e) => this.drop(entry, e));
      // Sends made before the bind completes wait for it (dgram queues them).
      entry.socket.bind({ port: 0, address });
      entry.socket.unref();
      this.sockets.set(address, entry);
      s = entry;
    }
    return s;
  }

  /** Closes a socket; its datagrams still waiting count as failed when it broke (`error`), as dropped otherwise. */
  private drop(s: SenderSocket, error: Error | null): void {
    if (s.closed) return;
    s.closed = true;
    for (const [address, entry] of this.sockets) if (entry === s) this.sockets.delete(address);
    const lost = s.pending;
    s.pending = 0;
    if (error) this.fail('socket', error, lost);
    try {
      s.socket.close();
    } catch {
      // Already closed.
    }
    if (lost) this.settled(lost);
  }

  /** Counts `datagrams` as failed and logs the first of each kind of error. */
  private fail(where: string, e: unknown, datagrams = 1): void {
    const msg = `${where}: ${e instanceof Error ? e.message : String(e)}`;
    this.counts.failed += datagrams;
    this.lastError = msg;
    const kind = msg.replace(/\d+/g, '#');
    if (this.loggedErrors.has(kind)) return;
    this.loggedErrors.add(kind);
    this.log(`simulated syslog: ${msg} (logged once)`);
  }
}
