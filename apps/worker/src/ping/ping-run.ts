import type { LoggerService } from '@nestjs/common';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '@pondesk/server-config';
import { pingTargetsVersionKey } from '@pondesk/server-queue';
import { FpingProber, type FpingNotice, type PingResult } from '@pondesk/device-ping';
import type { MaintenanceService } from '../maintenance/maintenance.service';
import type { EventPublisher } from '../realtime/event-publisher.service';
import { PingMonitor, type TickOutput } from './ping-state';
import { PingStore } from './ping-store';
import { loadPingTargets } from './ping-targets';

/**
 * The second's results are collected this long after the round's last timeout: fping sends every round
 * on the interval's grid (processes start on it, each sending its targets `spacing` ms apart), so a tick
 * then finds every result of the round, the lost probes' too — a host that stops answering shows in the
 * tick right after its first lost probe: at most interval + timeout + round + this after it went silent
 * (1.9 s for a small fleet, 2.4 s where a process has 500 targets, at the defaults).
 */
export const TICK_AFTER_TIMEOUT_MS = 60;
/** Targets are reloaded at least this often (a tenant put on hold, say), besides on every version bump. */
export const FULL_RELOAD_MS = 60_000;
/** Seconds of results waiting for Postgres at most; past it the oldest raw samples are dropped. */
const QUEUE_MAX = 60;
/** A write Postgres refused is tried again after this long; raw samples are dropped after a few tries. */
const RETRY_MS = 1000;
const SAMPLE_ATTEMPTS = 3;
/** At stop, what is queued gets this long to be written. */
const STOP_FLUSH_MS = 3000;
const SUMMARY_EVERY_MS = 60_000;

export interface PingRunDeps {
  config: AppConfig;
  db: DataSource;
  redis: Redis;
  events: EventPublisher;
  maintenance: MaintenanceService;
  logger: LoggerService;
}

interface WriteJob {
  out: TickOutput;
  attempts: number;
  /** The raw samples and rollups are written (or given up). */
  bulkDone: boolean;
  statesDone: boolean;
  sourcesDone: boolean;
  repliesDone: boolean;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The time of the next grid point `phaseMs` + k × `intervalMs` after `now` (epoch ms). */
export function nextGridPoint(now: number, intervalMs: number, phaseMs: number): number {
  const offset = (((now - phaseMs) % intervalMs) + intervalMs) % intervalMs;
  return now + intervalMs - offset;
}

/**
 * The prober while this worker holds the lock: the fping processes, the targets (reloaded when the API
 * bumps their version), and each second's tick: results applied, the servers' second published, and
 * everything written in order by one writer (raw samples, states and outages, rollups at each minute's
 * end).
 */
export class PingRun {
  private readonly monitor: PingMonitor;
  private readonly store: PingStore;
  private readonly versionKey: string;
  private prober?: FpingProber;
  private buffer: PingResult[] = [];
  private tickTimer?: NodeJS.Timeout;
  private lastTick = 0;
  /** The targets' version last loaded; undefined until a load succeeded. */
  private version: string | null | undefined;
  private loadedAt = 0;
  private reloading?: Promise<void>;
  private readonly queue: WriteJob[] = [];
  private draining?: Promise<void>;
  private stopped = false;
  private warnedAt = new Map<string, number>();
  private counts = { results: 0, lost: 0, icmp: 0, duplicates: 0, samplesDropped: 0 };
  private summaryAt = Date.now();
  private lastTargets = '';

  constructor(private readonly deps: PingRunDeps) {
    this.monitor = new PingMonitor(deps.config.PING_INTERVAL_MS, deps.config.PING_TIMEOUT_MS);
    this.store = new PingStore(deps.db);
    this.versionKey = pingTargetsVersionKey(deps.config);
  }

  async start(): Promise<void> {
    const { config, maintenance } = this.deps;
    // Today's partition and the next days' exist before the first result, whenever the job last ran.
    await maintenance
      .createPingSamplePartitions(new Date())
      .catch((error: unknown) =>
        this.warn('partitions', `ping_sample partitions not made at start: ${message(error)}; the job will`),
      );
    if (this.stopped) return;
    this.prober = new FpingProber({
      fpingPath: config.FPING_PATH,
      intervalMs: config.PING_INTERVAL_MS,
      timeoutMs: config.PING_TIMEOUT_MS,
      phaseMs: 0,
      onResults: (results) => {
        for (const r of results) this.buffer.push(r);
      },
      onNotice: (notice) => this.onNotice(notice),
    });
    await this.reload().catch((error: unknown) =>
      this.warn('reload', `ping targets not loaded: ${message(error)}; trying again each second`),
    );
    this.scheduleTick();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.tickTimer);
    await this.prober?.close();
    await this.reloading;
    // The results that came before the processes ended, and the minutes still open (later runs add to them).
    const out = this.monitor.process(this.buffer.splice(0), new Date());
    out.minutes.push(...this.monitor.flushMinutes());
    this.enqueue(out);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.draining, new Promise((r) => (timer = setTimeout(r, STOP_FLUSH_MS)))]);
    clearTimeout(timer);
    if (this.queue.length)
      this.deps.logger.warn?.(
        `${this.queue.length} seconds of ping results not written: the prober is stopping`,
      );
  }

  private scheduleTick(): void {
    if (this.stopped) return;
    const { PING_INTERVAL_MS: interval, PING_TIMEOUT_MS: timeout } = this.deps.config;
    const now = Date.now();
    const span = this.prober?.roundSpanMs ?? 0;
    let next = nextGridPoint(now, interval, (timeout + span + TICK_AFTER_TIMEOUT_MS) % interval);
    // A timer that fired a little early, or a round that grew, must not tick twice for one second.
    if (next - this.lastTick < interval / 2) next += interval;
    // After the timer, the output fping wrote meanwhile is read first (I/O before `setImmediate`).
    this.tickTimer = setTimeout(() => setImmediate(() => this.tick()), next - now);
  }

  private tick(): void {
    if (this.stopped) return;
    const now = new Date();
    this.lastTick = now.getTime();
    const results = this.buffer;
    this.buffer = [];
    try {
      const out = this.monitor.process(results, now);
      const at = now.toISOString();
      for (const [tenantId, samples] of out.serverSamples)
        this.deps.events.serverSamples(tenantId, { at, samples });
      this.enqueue(out);
      this.counts.results += results.length;
      for (const r of results) if (r.rttMs === null) this.counts.lost++;
    } catch (error) {
      this.warn('tick', `ping results of a second not applied: ${message(error)}`);
    }
    this.checkVersion();
    if (now.getTime() - this.summaryAt >= SUMMARY_EVERY_MS) this.summarize();
    this.scheduleTick();
  }

  /** Reloads the targets when the API bumped their version, and every FULL_RELOAD_MS anyway. */
  private checkVersion(): void {
    if (this.reloading) return;
    this.reloading = (async () => {
      const version = await this.deps.redis.get(this.versionKey);
      if (version !== this.version || Date.now() - this.loadedAt >= FULL_RELOAD_MS)
        await this.reload(version);
    })()
      .catch((error: unknown) => this.warn('reload', `ping targets not reloaded: ${message(error)}`))
      .finally(() => (this.reloading = undefined));
  }

  private async reload(knownVersion?: string | null): Promise<void> {
    // The version is read before the targets: a change made during the load bumps it again after.
    const version = knownVersion === undefined ? await this.deps.redis.get(this.versionKey) : knownVersion;
    const loaded = await loadPingTargets(this.deps.db);
    if (this.stopped || !this.prober) return;
    this.monitor.setTargets(loaded);
    this.prober.setTargets(this.monitor.addresses);
    this.version = version;
    this.loadedAt = Date.now();
    for (const ip of loaded.refused)
      this.warn(`refused:${ip}`, `ping target ${JSON.stringify(ip)} is not pinged: not a unicast IP address`);
    const described = `${this.monitor.targetCount} targets on ${this.monitor.addresses.length} addresses`;
    if (described !== this.lastTargets) {
      this.lastTargets = described;
      this.deps.logger.log(`prober: ${described} (${this.prober.shardTargets.length} fping processes)`);
    }
  }

  private enqueue(out: TickOutput): void {
    if (
      !out.samples.targetIds.length &&
      !out.serverChanges.length &&
      !out.sourceChanges.length &&
      !out.minutes.length &&
      !out.lastReplies.length
    )
      return;
    this.queue.push({
      out,
      attempts: 0,
      bulkDone: false,
      statesDone: false,
      sourcesDone: false,
      repliesDone: false,
    });
    // Postgres away or slow: memory stays bounded, states and outages wait, the oldest raw samples go.
    for (let i = 0; i < this.queue.length - QUEUE_MAX; i++) this.dropBulk(this.queue[i]);
    this.draining ??= this.drain().finally(() => (this.draining = undefined));
  }

  private dropBulk(job: WriteJob): void {
    if (job.bulkDone) return;
    job.bulkDone = true;
    this.counts.samplesDropped += job.out.samples.targetIds.length;
  }

  /** One writer, in order: a second's writes are done before the next second's start. */
  private async drain(): Promise<void> {
    while (this.queue.length) {
      const job = this.queue[0];
      try {
        await this.write(job);
        this.queue.shift();
      } catch (error) {
        job.attempts++;
        this.warn('write', `ping results not written yet (attempt ${job.attempts}): ${message(error)}`);
        if (job.attempts >= SAMPLE_ATTEMPTS) this.dropBulk(job);
        if (this.stopped) {
          this.queue.splice(0);
          return;
        }
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  }

  private async write(job: WriteJob): Promise<void> {
    const { out } = job;
    if (!job.statesDone) {
      await this.store.updateServers(out.serverChanges);
      job.statesDone = true;
    }
    if (!job.sourcesDone) {
      const events = await this.store.applySourceChanges(out.sourceChanges, out.at);
      job.sourcesDone = true;
      for (const c of out.sourceChanges) this.monitor.replyStored(c.id, c.lastReplyAt);
      for (const [tenantId, event] of events) this.deps.events.popSourcesChanged(tenantId, event);
    }
    if (!job.bulkDone) {
      await this.store.insertSamples(out.samples);
      await this.store.upsertMinutes(out.minutes);
      job.bulkDone = true;
    }
    if (!job.repliesDone) {
      await this.store.updateLastReplies(out.lastReplies);
      job.repliesDone = true;
      for (const r of out.lastReplies) this.monitor.replyStored(r.id, r.at);
    }
  }

  private onNotice(notice: FpingNotice): void {
    const { logger, config } = this.deps;
    switch (notice.kind) {
      case 'started':
        logger.debug?.(`fping ${notice.pid} started for ${notice.targets} targets`);
        return;
      case 'exited':
        logger.warn(
          `fping ${notice.pid ?? ''} exited (${notice.code ?? notice.signal}); started again in ${notice.restartInMs / 1000} s`,
        );
        return;
      case 'spawn-failed':
        logger.error(
          `fping (${config.FPING_PATH}) could not be started: ${notice.error}. Install Debian's fping package ` +
            `or set FPING_PATH; trying again in ${notice.restartInMs / 1000} s`,
        );
        return;
      case 'icmp':
        this.counts.icmp++;
        return;
      case 'duplicate':
        this.counts.duplicates++;
        return;
      case 'unresolved':
        this.warn(`unresolved:${notice.host}`, `fping could not resolve ${notice.host}: ${notice.reason}`);
        return;
      case 'output':
        this.warn(`output:${notice.text.slice(0, 40)}`, `fping: ${notice.text.slice(0, 300)}`);
        return;
    }
  }

  /** A warning at most once a minute per `key`. */
  private warn(key: string, text: string): void {
    const now = Date.now();
    if (now - (this.warnedAt.get(key) ?? 0) < 60_000) return;
    if (this.warnedAt.size > 1000) this.warnedAt = new Map();
    this.warnedAt.set(key, now);
    this.deps.logger.warn(text);
  }

  private summarize(): void {
    const c = this.counts;
    this.deps.logger.debug?.(
      `prober: ${this.monitor.targetCount} targets, ${this.prober?.pids.length ?? 0} fping processes; ` +
        `last minute ${c.results} results, ${c.lost} lost, ${c.icmp} ICMP errors, ${c.duplicates} duplicates, ` +
        `${c.samplesDropped} samples dropped, ${this.queue.length} seconds waiting for Postgres`,
    );
    if (c.samplesDropped)
      this.deps.logger.warn(`${c.samplesDropped} ping results not stored: Postgres did not keep up`);
    this.counts = { results: 0, lost: 0, icmp: 0, duplicates: 0, samplesDropped: 0 };
    this.summaryAt = Date.now();
  }
}
