/**
 * Simulated MikroTik PPPoE routers (one BRAS per simulated OLT, identity `BRAS-<OLT name>`) reporting their
 * subscribers' session events to the console the way PPP profile on-up / on-down scripts do. Off until
 * `configure` (the control API's `PUT /routers`); then every second each OLT's ONUs are compared with the
 * last pass (online → offline posts `down`, offline → online `up`), and PPP-only drops happen at the
 * configured rate. With syslog on (`setSyslogSink`), the same events also go out as the routers' syslog
 * lines, whether or not they are posted.
 */
import { OltState } from '../model/olt-state';
import { hashInts } from '../model/seeded-random';
import type { SimDevice } from '../fleet/sim-device';
import { maskKey, type RoutersConfig } from './routers-config';
import { PppDropSchedule } from './ppp-drop-schedule';
import { SessionPoster, type PosterOptions, type PosterStats } from './session-poster';
import { brasIdentity, callerIdOf, pppoeIdOf, remoteAddressOf, type SessionEvent } from './session-event';
import { SessionTracker, type OnuView, type PppState } from './session-tracker';

/** A PPP drop asked through the control API comes back up this long after. */
export const PPP_DROP_UP_AFTER_MS = 3000;
/** Picks a random PPP-only drop tries before giving up on that drop (sessions all down). */
const PICK_ATTEMPTS = 32;

export interface SimRoutersOptions {
  /** Milliseconds between passes (default 1000). */
  tickMs?: number;
  /**
   * Real milliseconds a slice of a pass may spend reading OLTs before it yields to the event loop (default
   * 50): a big fleet (the bench's 100,000 ONUs take ~150 ms a pass) is read in several slices, so the
   * simulator keeps answering its devices' managers.
   */
  passBudgetMs?: number;
  now?: () => number;
  log?: (line: string) => void;
  poster?: Omit<PosterOptions, 'log'>;
}

export interface RoutersView {
  enabled: boolean;
  url: string | null;
  /** Masked. */
  key: string | null;
  pppDropsPerMinute: number;
  seed: number | null;
  routers: number;
  subscribers: number;
  sessionsUp: number;
  events: { up: number; down: number; pppDrops: number };
  posted: number;
  accepted: number;
  failed: number;
  inFlight: number;
  queued: number;
  byStatus: Record<string, number>;
  lastError: string | null;
  lastErrorAt: string | null;
  /** The routers also send their session events as syslog (`PUT /syslog`). */
  syslog: boolean;
  /** Every simulated router (one per OLT) and the address it sends syslog from. */
  list: RouterListing[];
}

export type PppDropReply = { status: number; body: unknown };

/** One OLT's view at the instant of a pass; PPPoE ids are cached (descriptions do not change). */
class OltView implements OnuView {
  t = 0;
  private readonly ids = new Map<number, string | null>();

  constructor(readonly st: OltState) {}

  refs(): readonly { ponPort: number; onuId: number }[] {
    return this.st.refs();
  }

  pppoeId(ponPort: number, onuId: number): string | null {
    const k = OltState.key(ponPort, onuId);
    let id = this.ids.get(k);
    if (id === undefined) {
      const s = this.st.staticOf(ponPort, onuId);
      id = pppoeIdOf(s.description, [s.serial, s.mac]);
      this.ids.set(k, id);
    }
    return id;
  }

  online(ponPort: number, onuId: number): boolean | null {
    return this.st.online(ponPort, onuId, this.t);
  }

  clientMac(ponPort: number, onuId: number): string | null {
    // Asked while the ONU is online: what its `clientMacs` shows then, without computing the whole ONU.
    return this.st.onlineClientMacs(ponPort, onuId)[0]?.mac ?? null;
  }
}

interface Bras {
  device: string;
  view: OltView;
  tracker: SessionTracker;
}

/** Reading the OLTs every second: on while anyone listens (posting to the console, or syslog). */
interface Tracking {
  bras: Bras[];
  byDevice: Map<string, Bras>;
  timer: NodeJS.Timeout;
  /** The OLT the next slice starts at, and how many the current pass has still to read. */
  cursor: number;
  roundLeft: number;
}

/** Posting to the console's ingest (`PUT /routers`). */
interface Running {
  config: RoutersConfig & { seed: number };
  poster: SessionPoster;
  schedule: PppDropSchedule;
  events: { up: number; down: number; pppDrops: number };
}

/** Where a simulated router's syslog goes: each batch of session events as they happen. */
export type SessionEventSink = (events: readonly SessionEvent[]) => void;

/** One simulated router as listed by `GET /routers`. */
export interface RouterListing {
  olt: string;
  identity: string;
  /** The address it sends its syslog from (its own with per-device addresses). */
  host: string;
}

const NOT_HELD: PppState = { held: false, backAt: null };

export class SimRouters {
  private running: Running | null = null;
  private tracking: Tracking | null = null;
  private sink: SessionEventSink | null = null;
  /** The counters of the last run, shown after `off()`. */
  private lastStats: (PosterStats & { events: Running['events'] }) | null = null;
  private readonly tickMs: number;
  private readonly passBudgetMs: number;
  private readonly now: () => number;
  private readonly log: (line: string) => void;
  private loggedTickError = false;

  constructor(
    private readonly devices: readonly SimDevice[],
    private readonly opts: SimRoutersOptions = {},
  ) {
    this.tickMs = opts.tickMs ?? 1000;
    this.passBudgetMs = opts.passBudgetMs ?? 50;
    this.now = opts.now ?? Date.now;
    this.log = opts.log ?? ((line) => process.stderr.write(`${line}\n`));
  }

  /** Posting to the console (`PUT /routers`). */
  get enabled(): boolean {
    return this.running !== null;
  }

  /** Every simulated router: one per OLT. */
  list(): RouterListing[] {
    return this.devices
      .filter((d) => d.state instanceof OltState)
      .map((d) => ({ olt: d.name, identity: brasIdentity(d.name), host: d.routerHost ?? d.host }));
  }

  /**
   * A subscriber's PPP-only drop as its router's tables show it: held down now, and when (simulated seconds)
   * its session last came back from one. Nothing is held while the routers are off (drops need them on).
   */
  pppState(device: string, ponPort: number, onuId: number): PppState {
    return this.tracking?.byDevice.get(device)?.tracker.pppState(ponPort, onuId) ?? NOT_HELD;
  }

  /** Turns reporting on (or replaces the configuration; counters start again). The first pass only records. */
  configure(config: RoutersConfig): RoutersView {
    this.off();
    const seed = config.seed ?? this.defaultSeed();
    this.running = {
      config: { ...config, seed },
      poster: new SessionPoster(config.url, config.key, { ...this.opts.poster, log: this.log }),
      schedule: new PppDropSchedule(seed, config.pppDropsPerMinute, this.now()),
      events: { up: 0, down: 0, pppDrops: 0 },
    };
    this.loggedTickError = false;
    this.startTracking();
    this.tick();
    return this.view();
  }

  /** Turns reporting off: nothing more is posted (what was queued is dropped). */
  off(): RoutersView {
    const r = this.running;
    if (r) {
      this.lastStats = { ...r.poster.stats(), events: { ...r.events } };
      r.poster.stop();
      this.running = null;
    }
    if (!this.sink) this.stopTracking();
    return this.view();
  }

  /**
   * Session events also go to `sink` (the routers' syslog), or no longer with null. The OLTs are read while
   * posting or a sink is on; a sink alone has no random PPP-only drops (those are `PUT /routers`'s).
   */
  setSyslogSink(sink: SessionEventSink | null): void {
    this.sink = sink;
    if (sink && !this.tracking) {
      this.startTracking();
      this.tick();
    }
    if (!sink && !this.running) this.stopTracking();
  }

  private startTracking(): void {
    if (this.tracking) return;
    const bras: Bras[] = [];
    this.devices.forEach((d, index) => {
      const st = d.state;
      if (!(st instanceof OltState)) return;
      bras.push({
        device: d.name,
        view: new OltView(st),
        tracker: new SessionTracker(
          brasIdentity(d.name),
          (p, o) => remoteAddressOf(index, p, o),
          callerIdOf,
          () => st.now(),
        ),
      });
    });
    const timer = setInterval(() => this.tick(), this.tickMs);
    timer.unref();
    this.tracking = {
      bras,
      byDevice: new Map(bras.map((b) => [b.device, b])),
      timer,
      cursor: 0,
      roundLeft: 0,
    };
  }

  private stopTracking(): void {
    if (!this.tracking) return;
    clearInterval(this.tracking.timer);
    this.tracking = null;
  }

  view(): RoutersView {
    const r = this.running;
    const t = r ? this.tracking : null;
    const stats = r ? { ...r.poster.stats(), events: r.events } : this.lastStats;
    return {
      enabled: r !== null,
      url: r?.config.url ?? null,
      key: r ? maskKey(r.config.key) : null,
      pppDropsPerMinute: r?.config.pppDropsPerMinute ?? 0,
      seed: r?.config.seed ?? null,
      routers: t?.bras.length ?? 0,
      subscribers: t?.bras.reduce((n, b) => n + b.tracker.subscribers, 0) ?? 0,
      sessionsUp: t?.bras.reduce((n, b) => n + b.tracker.sessionsUp, 0) ?? 0,
      events: { ...(stats?.events ?? { up: 0, down: 0, pppDrops: 0 }) },
      posted: stats?.posted ?? 0,
      accepted: stats?.accepted ?? 0,
      failed: stats?.failed ?? 0,
      inFlight: stats?.inFlight ?? 0,
      queued: stats?.queued ?? 0,
      byStatus: { ...(stats?.byStatus ?? {}) },
      lastError: stats?.lastError ?? null,
      lastErrorAt: stats?.lastErrorAt ?? null,
      syslog: this.sink !== null,
      list: this.list(),
    };
  }

  /**
   * One pass (every second): every OLT's ONU status changes, PPP-only drops due, and `up`s of drops that are
   * over. Never throws.
   */
  tick(): void {
    const t = this.tracking;
    if (!t) return;
    if (t.roundLeft === 0) t.roundLeft = t.bras.length;
    this.slice(t);
  }

  /**
   * Part of a pass: OLTs are read until the budget is spent; when some are left (a big fleet, or the first
   * pass computing every ONU), the rest follow in further slices as soon as the event loop has served the
   * devices' managers.
   */
  private slice(t: Tracking): void {
    if (this.tracking !== t) return;
    try {
      const nowMs = this.now();
      const out: SessionEvent[] = [];
      const started = performance.now();
      while (t.roundLeft > 0) {
        const b = t.bras[t.cursor];
        t.cursor = (t.cursor + 1) % t.bras.length;
        t.roundLeft--;
        b.view.t = b.view.st.now();
        for (const e of b.tracker.observe(b.view)) out.push(e);
        if (performance.now() - started >= this.passBudgetMs) break;
      }
      if (t.roundLeft > 0) setImmediate(() => this.slice(t)).unref();
      for (const b of t.bras) for (const e of b.tracker.due(nowMs)) out.push(e);
      const r = this.running;
      if (r) {
        for (const drop of r.schedule.due(nowMs)) {
          const total = t.bras.reduce((n, b) => n + b.tracker.subscribers, 0);
          if (total === 0) break;
          for (let attempt = 0; attempt < PICK_ATTEMPTS; attempt++) {
            const hit = this.pick(t, Math.floor(r.schedule.pick(drop, attempt) * total));
            if (!hit) continue;
            const res = hit.b.tracker.pppDrop(hit.b.view, hit.ponPort, hit.onuId, nowMs, drop.upAfterMs, out);
            if (res.ok) {
              out.push(res.down);
              r.events.pppDrops++;
              break;
            }
          }
        }
      }
      this.send(out);
    } catch (e) {
      if (!this.loggedTickError) {
        this.loggedTickError = true;
        this.log(
          `simulated routers: a pass failed (logged once): ${e instanceof Error ? e.message : String(e)}`,
        );
      }
    }
  }

  /** Control API: the subscriber on this ONU has a PPP-only drop now (`down`, then `up` 3 s later). */
  pppDrop(device: string, ponPort: number, onuId: number): PppDropReply {
    const t = this.tracking;
    if (!t) return { status: 409, body: { error: 'routers are off: PUT /routers (or PUT /syslog) first' } };
    const b = t.byDevice.get(device);
    if (!b) return { status: 404, body: { error: `OLT ${device} not found` } };
    const nowMs = this.now();
    b.view.t = b.view.st.now();
    const out: SessionEvent[] = [];
    const res = b.tracker.pppDrop(b.view, ponPort, onuId, nowMs, PPP_DROP_UP_AFTER_MS, out);
    if (res.ok) {
      out.push(res.down);
      if (this.running) this.running.events.pppDrops++;
    }
    this.send(out);
    if (res.ok) {
      // The `up` is sent by the pass after it is due; a timer of its own keeps it on time.
      setTimeout(() => this.flushDue(t), PPP_DROP_UP_AFTER_MS + 5).unref();
      return {
        status: 200,
        body: { router: res.down.router, down: res.down, upAt: new Date(res.upAtMs).toISOString() },
      };
    }
    const ref = `${device} ${ponPort}/${onuId}`;
    switch (res.why) {
      case 'unknown':
        return { status: 404, body: { error: `ONU ${ref} not found` } };
      case 'no-pppoe':
        return { status: 404, body: { error: `ONU ${ref} has no PPPoE id in its description` } };
      case 'offline':
        return { status: 409, body: { error: `ONU ${ref} is offline: its session is already down` } };
      case 'already-down':
        return { status: 409, body: { error: `the session of ONU ${ref} is already down (PPP drop)` } };
    }
  }

  /** The `up`s of PPP-only drops that are due, without reading the OLTs. */
  private flushDue(t: Tracking): void {
    if (this.tracking !== t) return;
    const out: SessionEvent[] = [];
    for (const b of t.bras) for (const e of b.tracker.due(this.now())) out.push(e);
    this.send(out);
  }

  /** Waits until every event posted so far is answered (tests). */
  async idle(): Promise<void> {
    await this.running?.poster.idle();
  }

  stop(): void {
    this.sink = null;
    this.off();
  }

  private send(events: SessionEvent[]): void {
    if (!events.length) return;
    const r = this.running;
    if (r) {
      for (const e of events) r.events[e.action]++;
      r.poster.post(events);
    }
    if (this.sink) {
      try {
        this.sink(events);
      } catch (e) {
        this.log(`simulated routers: syslog failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }

  private pick(t: Tracking, index: number): { b: Bras; ponPort: number; onuId: number } | null {
    let i = index;
    for (const b of t.bras) {
      if (i < b.tracker.subscribers) {
        const s = b.tracker.sessionAt(i);
        return s ? { b, ...s } : null;
      }
      i -= b.tracker.subscribers;
    }
    return null;
  }

  private defaultSeed(): number {
    return hashInts(...this.devices.map((d) => d.spec.seed), 0x505050);
  }
}
