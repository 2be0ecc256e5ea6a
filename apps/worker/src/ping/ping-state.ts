import { randomUUID } from 'node:crypto';
import type {
  PopSourceState,
  PopSourceType,
  ServerAlertReason,
  ServerSamplesEvent,
  ServerState,
} from '@pondesk/contracts';
import type { PingResult } from '@pondesk/device-ping';

/**
 * What the prober makes of its results, in memory: each target's state (a server's ok/alert, a power
 * source's up/down with its outage), its per-minute rollup, and what a second's results change. Pure: the
 * service feeds it the results and writes and publishes what it returns.
 */

/** A server on the IP monitor, as loaded, and its state as the prober keeps it. */
export interface ServerTarget {
  kind: 'server';
  id: string;
  tenantId: string;
  ip: string;
  latencyLimitMs: number;
  state: ServerState;
  alertReason: ServerAlertReason | null;
  stateSince: Date | null;
  /** The latest result applied (an older one arriving late changes no state). */
  lastAt?: number;
  /** `stateSince` as sent each second, made once per change. */
  stateSinceIso?: string | null;
}

/** An outage as written: opened when the source went down, with its POP, address and type of then. */
export interface OpenOutage {
  id: string;
  downAt: Date;
  popId: string;
  ip: string;
  type: PopSourceType;
}

/** A POP's power source, as loaded, and what the prober tracks of it. */
export interface SourceTarget {
  kind: 'source';
  id: string;
  tenantId: string;
  popId: string;
  popName: string;
  ip: string;
  type: PopSourceType;
  aliveMinutes: number;
  state: PopSourceState;
  stateSince: Date | null;
  /** As stored: written when the state changes, and refreshed once a minute. */
  lastReplyAt: Date | null;
  openOutage: OpenOutage | null;
  /** Its last reply since this prober started; null when none yet. */
  replyAt?: Date | null;
  /** Lost probes in a row. */
  lost?: number;
  /** The first lost probe when it has not answered since the prober started. */
  silentSince?: Date | null;
  /** The `lastReplyAt` the database has (to refresh it when replies moved it on). */
  storedReplyAt?: Date | null;
  lastAt?: number;
}

export type PingTarget = ServerTarget | SourceTarget;

/** A server's verdict on one result (spec: alert when its current latency exceeds its limit). */
export function serverVerdict(
  rttMs: number | null,
  latencyLimitMs: number,
): { state: 'ok' | 'alert'; alertReason: ServerAlertReason | null } {
  if (rttMs === null) return { state: 'alert', alertReason: 'no-answer' };
  if (rttMs > latencyLimitMs) return { state: 'alert', alertReason: 'slow' };
  return { state: 'ok', alertReason: null };
}

/** Lost probes in a row before a silent source is down, however short its alive time. */
export const SOURCE_DOWN_AFTER_LOST = 3;

export type SourceTransition =
  { kind: 'down'; at: Date; opened: OpenOutage } | { kind: 'up'; at: Date; closed: OpenOutage | null };

/**
 * One result for a power source: up while it answers; down once it has been silent for its alive time
 * and at least SOURCE_DOWN_AFTER_LOST probes in a row, the outage dated from its last reply (or its first
 * lost probe when it has not answered since the prober started); up again at its first reply, which
 * closes the outage. Changes `source` and returns the transition, if any.
 */
export function sourceStep(
  source: SourceTarget,
  at: Date,
  rttMs: number | null,
  intervalMs: number,
): SourceTransition | null {
  if (rttMs !== null) {
    source.replyAt = at;
    source.lost = 0;
    source.silentSince = null;
    if (source.state === 'up') return null;
    const closed = source.openOutage;
    source.openOutage = null;
    source.state = 'up';
    source.stateSince = at;
    source.lastReplyAt = at;
    return { kind: 'up', at, closed };
  }
  source.lost = (source.lost ?? 0) + 1;
  const silentSince = source.replyAt ? null : (source.silentSince ??= at);
  if (source.state === 'down' || source.lost < SOURCE_DOWN_AFTER_LOST) return null;
  const reference = source.replyAt?.getTime() ?? (silentSince ?? at).getTime() - intervalMs;
  if (at.getTime() - reference < source.aliveMinutes * 60_000) return null;
  const downAt = source.replyAt ?? silentSince ?? at;
  const opened: OpenOutage = {
    id: randomUUID(),
    downAt,
    popId: source.popId,
    ip: source.ip,
    type: source.type,
  };
  source.state = 'down';
  source.stateSince = downAt;
  source.openOutage = opened;
  if (source.replyAt) source.lastReplyAt = source.replyAt;
  return { kind: 'down', at: downAt, opened };
}

/** One target's probes in one minute. */
export interface MinuteRow {
  targetId: string;
  /** Start of the minute (epoch ms). */
  minute: number;
  sent: number;
  received: number;
  minMs: number | null;
  avgMs: number | null;
  maxMs: number | null;
}

interface MinuteAcc {
  sent: number;
  received: number;
  min: number;
  max: number;
  sum: number;
}

/** A server whose state changed, to write. */
export interface ServerChange {
  id: string;
  state: ServerState;
  alertReason: ServerAlertReason | null;
  stateSince: Date;
}

/** A power source whose state changed, to write and publish (with the outage it opened or closed). */
export interface SourceChange {
  id: string;
  tenantId: string;
  popId: string;
  popName: string;
  state: PopSourceState;
  stateSince: Date;
  lastReplyAt: Date | null;
  opened: OpenOutage | null;
  /** The outage its reply closed, and when (the reply's time). */
  closed: (OpenOutage & { upAt: Date }) | null;
}

/** What one second (one tick) of results comes to. */
export interface TickOutput {
  at: Date;
  /** One row per result per target: `ping_sample`. */
  samples: { targetIds: string[]; ats: number[]; rtts: (number | null)[] };
  /** Per tenant, its servers probed in this second (their latest result). */
  serverSamples: Map<string, ServerSamplesEvent['samples']>;
  serverChanges: ServerChange[];
  sourceChanges: SourceChange[];
  /** Minutes that ended (no result of theirs can come any more): `ping_minute`. */
  minutes: MinuteRow[];
  /** Power sources whose last reply moved on since it was written (once a minute). */
  lastReplies: { id: string; at: Date }[];
}

export interface LoadedTargets {
  servers: ServerTarget[];
  sources: SourceTarget[];
}

/**
 * The targets and their state. The same address in two tenants, or as a server and a power source, is
 * pinged once: each result goes to every target with that address.
 */
export class PingMonitor {
  private servers = new Map<string, ServerTarget>();
  private sources = new Map<string, SourceTarget>();
  private byIp = new Map<string, PingTarget[]>();
  /** Minute start → target id → its probes in that minute. */
  private readonly minutes = new Map<number, Map<string, MinuteAcc>>();
  private lastReplyRefresh = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly timeoutMs: number,
  ) {}

  /** The addresses to ping. */
  get addresses(): string[] {
    return [...this.byIp.keys()];
  }

  get targetCount(): number {
    return this.servers.size + this.sources.size;
  }

  server(id: string): ServerTarget | undefined {
    return this.servers.get(id);
  }

  source(id: string): SourceTarget | undefined {
    return this.sources.get(id);
  }

  /**
   * The targets as loaded now. A target that keeps its address keeps the state the prober has for it
   * (its settings follow the load); a new one, or one with a new address, starts from what is stored.
   */
  setTargets(loaded: LoadedTargets): void {
    const servers = new Map<string, ServerTarget>();
    for (const s of loaded.servers) {
      const had = this.servers.get(s.id);
      servers.set(
        s.id,
        had && had.ip === s.ip ? Object.assign(had, { latencyLimitMs: s.latencyLimitMs }) : s,
      );
    }
    const sources = new Map<string, SourceTarget>();
    for (const s of loaded.sources) {
      const had = this.sources.get(s.id);
      if (had && had.ip === s.ip) {
        Object.assign(had, {
          popId: s.popId,
          popName: s.popName,
          type: s.type,
          aliveMinutes: s.aliveMinutes,
        });
        sources.set(s.id, had);
      } else {
        sources.set(s.id, { ...s, storedReplyAt: s.lastReplyAt });
      }
    }
    this.servers = servers;
    this.sources = sources;
    const byIp = new Map<string, PingTarget[]>();
    for (const t of [...servers.values(), ...sources.values()]) {
      const list = byIp.get(t.ip);
      if (list) list.push(t);
      else byIp.set(t.ip, [t]);
    }
    this.byIp = byIp;
  }

  /** Applies the results that came since the last tick; `now` is the tick's time. */
  process(results: readonly PingResult[], now: Date): TickOutput {
    const out: TickOutput = {
      at: now,
      samples: { targetIds: [], ats: [], rtts: [] },
      serverSamples: new Map(),
      serverChanges: [],
      sourceChanges: [],
      minutes: [],
      lastReplies: [],
    };
    const latest = new Map<string, ServerTarget>();
    const latestRtt = new Map<string, number | null>();
    const changedServers = new Map<string, ServerChange>();
    for (const r of results) {
      const targets = this.byIp.get(r.ip);
      if (!targets) continue;
      const at = r.at.getTime();
      for (const t of targets) {
        out.samples.targetIds.push(t.id);
        out.samples.ats.push(at);
        out.samples.rtts.push(r.rttMs);
        this.count(t.id, at, r.rttMs);
        if (t.lastAt !== undefined && at < t.lastAt) continue;
        t.lastAt = at;
        if (t.kind === 'server') {
          latest.set(t.id, t);
          latestRtt.set(t.id, r.rttMs);
          const v = serverVerdict(r.rttMs, t.latencyLimitMs);
          if (v.state !== t.state || v.alertReason !== t.alertReason) {
            t.state = v.state;
            t.alertReason = v.alertReason;
            t.stateSince = r.at;
            t.stateSinceIso = undefined;
            changedServers.set(t.id, {
              id: t.id,
              state: t.state,
              alertReason: t.alertReason,
              stateSince: r.at,
            });
          }
        } else {
          const step = sourceStep(t, r.at, r.rttMs, this.intervalMs);
          if (step) out.sourceChanges.push(this.sourceChange(t, step));
        }
      }
    }
    out.serverChanges = [...changedServers.values()];
    for (const [id, t] of latest) {
      const list = out.serverSamples.get(t.tenantId) ?? [];
      list.push({
        id,
        rttMs: latestRtt.get(id) ?? null,
        state: t.state,
        alertReason: t.alertReason,
        stateSince: (t.stateSinceIso ??= t.stateSince?.toISOString() ?? null),
      });
      out.serverSamples.set(t.tenantId, list);
    }
    // A minute is complete once the last probe sent in it has had its timeout and a tick to arrive.
    const complete = now.getTime() - 60_000 - this.timeoutMs - this.intervalMs - 500;
    out.minutes = this.takeMinutes((minute) => minute <= complete);
    if (now.getTime() - this.lastReplyRefresh >= 60_000) {
      this.lastReplyRefresh = now.getTime();
      out.lastReplies = this.movedReplies();
    }
    return out;
  }

  /** Every minute still open (the prober stops): written as they are, later results add to them. */
  flushMinutes(): MinuteRow[] {
    return this.takeMinutes(() => true);
  }

  /** The database has this source's `lastReplyAt` (after a change was written, or a refresh). */
  replyStored(id: string, at: Date | null): void {
    const s = this.sources.get(id);
    if (s && (!s.storedReplyAt || (at && at > s.storedReplyAt))) s.storedReplyAt = at;
  }

  /** Power sources whose last reply is newer than what the database has. */
  movedReplies(): { id: string; at: Date }[] {
    const moved: { id: string; at: Date }[] = [];
    for (const s of this.sources.values())
      if (s.replyAt && (!s.storedReplyAt || s.replyAt > s.storedReplyAt))
        moved.push({ id: s.id, at: s.replyAt });
    return moved;
  }

  private sourceChange(t: SourceTarget, step: SourceTransition): SourceChange {
    return {
      id: t.id,
      tenantId: t.tenantId,
      popId: t.popId,
      popName: t.popName,
      state: t.state,
      stateSince: step.at,
      lastReplyAt: t.lastReplyAt,
      opened: step.kind === 'down' ? step.opened : null,
      closed: step.kind === 'up' && step.closed ? { ...step.closed, upAt: step.at } : null,
    };
  }

  private count(targetId: string, at: number, rttMs: number | null): void {
    const minute = Math.floor(at / 60_000) * 60_000;
    let accs = this.minutes.get(minute);
    if (!accs) this.minutes.set(minute, (accs = new Map()));
    let acc = accs.get(targetId);
    if (!acc) accs.set(targetId, (acc = { sent: 0, received: 0, min: Infinity, max: -Infinity, sum: 0 }));
    acc.sent++;
    if (rttMs === null) return;
    acc.received++;
    acc.sum += rttMs;
    if (rttMs < acc.min) acc.min = rttMs;
    if (rttMs > acc.max) acc.max = rttMs;
  }

  private takeMinutes(done: (minute: number) => boolean): MinuteRow[] {
    const rows: MinuteRow[] = [];
    for (const [minute, accs] of this.minutes) {
      if (!done(minute)) continue;
      this.minutes.delete(minute);
      for (const [targetId, a] of accs)
        rows.push({
          targetId,
          minute,
          sent: a.sent,
          received: a.received,
          minMs: a.received ? a.min : null,
          avgMs: a.received ? a.sum / a.received : null,
          maxMs: a.received ? a.max : null,
        });
    }
    return rows;
  }
}
