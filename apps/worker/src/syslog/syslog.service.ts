import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { LOG_LINE_MAX_CHARS } from '@pondesk/contracts';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { parseSyslogLine, type ParsedLogLine } from '@pondesk/device-syslog';
import { MaintenanceService } from '../maintenance/maintenance.service';
import { DeviceLogWriter, type DeviceLogRow } from './device-log-writer.service';
import type { FramedLine } from './syslog-framing';
import { SyslogReceiver } from './syslog-receiver';
import {
  SOURCES_REFRESH_MS,
  SyslogSources,
  normalizeAddress,
  type LogSource,
  type SourceLookup,
} from './syslog-sources.service';

/** Counts since the worker started. */
export interface SyslogCounters {
  /** Lines received (every line of every datagram or frame, from any address). */
  received: number;
  stored: number;
  /** Lines from addresses that are no device's. */
  unknownSource: number;
  /** Lines from an address that devices of two tenants have. */
  ambiguous: number;
  /** Datagrams, frames or lines that were not syslog text. */
  malformed: number;
  /** Lines given up because Postgres did not keep up (or the worker stopped first). */
  queueDropped: number;
  /** Lines Postgres refused. */
  writeFailed: number;
}

const SUMMARY_EVERY_MS = 60_000;
/** The binding is tried again this often when another process holds the port (another worker). */
const REBIND_EVERY_MS = 60_000;
/** Unknown senders tracked one by one; more are counted together. */
const UNKNOWN_TRACKED_MAX = 1000;
/** Lines from unknown addresses held while the source map is rebuilt, at most. */
const HELD_MAX = 5000;
const STOP_FLUSH_MS = 2000;

/** `text` cut to a column's length; empty as null. */
const cut = (text: string | null | undefined, max: number): string | null =>
  text ? text.slice(0, max) : null;

/**
 * The worker's syslog receiver: lines from the tenants' OLTs and MikroTik routers, over UDP and TCP on
 * SYSLOG_PORT, mapped by sender address to a tenant's device, parsed, stored in `device_log` and pushed to
 * the OLT's staff rooms. Lines from any other address are counted and dropped, never stored.
 */
@Injectable()
export class SyslogService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SyslogService.name);
  private receiver?: SyslogReceiver;
  private readonly timers: NodeJS.Timeout[] = [];
  private rebindTimer?: NodeJS.Timeout;
  private readonly counts = { received: 0, unknownSource: 0, ambiguous: 0, malformed: 0 };
  private lastSummary: SyslogCounters;
  /** Per unknown sender: lines dropped since its last warning, and when that was. */
  private readonly unknown = new Map<string, { dropped: number; warnedAt: number }>();
  private unknownUntracked = 0;
  private held = 0;
  private stopping = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sources: SyslogSources,
    private readonly writer: DeviceLogWriter,
    private readonly maintenance: MaintenanceService,
  ) {
    this.lastSummary = this.counters();
  }

  counters(): SyslogCounters {
    return { ...this.counts, ...this.writer.counters };
  }

  async onApplicationBootstrap(): Promise<void> {
    const { SYSLOG_PORT: port, SYSLOG_HOST: host } = this.config;
    if (port === 0) {
      this.logger.log('syslog receiver off (SYSLOG_PORT=0)');
      return;
    }
    // The days' partitions exist before the first line, whenever the maintenance job last ran.
    await this.maintenance
      .createDeviceLogPartitions(new Date())
      .catch((error: unknown) =>
        this.logger.warn(`device log partitions not made at start: ${String(error)}; the job will`),
      );
    await this.sources.refresh();
    this.receiver = new SyslogReceiver(host, port, {
      lines: (address, lines, at) => this.receive(address, lines, at),
      malformed: (n) => (this.counts.malformed += n),
    });
    await this.bind(true);
    this.every(SOURCES_REFRESH_MS, () => void this.sources.refresh());
    this.every(SUMMARY_EVERY_MS, () => this.summarize());
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    for (const t of this.timers) clearInterval(t);
    clearTimeout(this.rebindTimer);
    await this.receiver?.stop();
    await this.writer.stop(STOP_FLUSH_MS);
    this.summarize();
  }

  private every(ms: number, fn: () => void): void {
    const timer = setInterval(fn, ms);
    timer.unref();
    this.timers.push(timer);
  }

  /** Binds UDP and TCP; a port another process holds (another worker) is tried again every minute. */
  private async bind(first: boolean): Promise<void> {
    const receiver = this.receiver;
    if (!receiver || this.stopping) return;
    const where = `${receiver.host.includes(':') ? `[${receiver.host}]` : receiver.host}:${receiver.port}`;
    const before = receiver.binding;
    const errors = await receiver.start();
    // Stopped while binding: what was bound is closed again, or the process would not exit.
    if (this.stopping) return receiver.stop();
    const now = receiver.binding;
    const listening = (['udp', 'tcp'] as const).filter((p) => now[p]).map((p) => p.toUpperCase());
    if ((now.udp && !before.udp) || (now.tcp && !before.tcp))
      this.logger.log(`syslog receiver listening on ${where} (${listening.join(' and ')})`);
    const missing = (['udp', 'tcp'] as const).filter((p) => errors[p]);
    if (!missing.length) return;
    if (first) {
      const codes = new Set(missing.map((p) => (errors[p] as NodeJS.ErrnoException).code));
      const why = codes.has('EADDRINUSE')
        ? 'the port is taken, most likely by another worker, which then receives the syslog'
        : codes.has('EACCES')
          ? 'ports below 1024 need CAP_NET_BIND_SERVICE; forward 514 to 5514 instead (see the README)'
          : missing.map((p) => errors[p]?.message).join('; ');
      this.logger.warn(
        `syslog receiver not listening on ${where} for ${missing.map((p) => p.toUpperCase()).join(' and ')}: ` +
          `${why}. This worker goes on without it and tries again every minute.`,
      );
    }
    this.rebindTimer = setTimeout(() => void this.bind(false), REBIND_EVERY_MS);
    this.rebindTimer.unref();
  }

  private receive(address: string, lines: FramedLine[], at: Date): void {
    this.counts.received += lines.length;
    const found = this.sources.lookup(address);
    if (found === null) {
      // Perhaps an OLT added a moment ago: the lines wait for the next rebuild of the map (within
      // seconds) and are looked up again. Only so many wait; the rest of a flood is dropped at once.
      if (this.held + lines.length <= HELD_MAX) {
        this.held += lines.length;
        void this.sources.refreshForMiss().then(() => {
          this.held -= lines.length;
          this.store(this.sources.lookup(address), address, lines, at);
        });
        return;
      }
    }
    this.store(found, address, lines, at);
  }

  private store(found: SourceLookup, address: string, lines: FramedLine[], at: Date): void {
    if (found === 'ambiguous') {
      this.counts.ambiguous += lines.length;
      return;
    }
    if (found === null) {
      this.dropUnknown(address, lines.length);
      return;
    }
    const sourceIp = normalizeAddress(address) ?? address;
    for (const line of lines) this.writer.add(this.row(found.source, sourceIp, line.text, at));
  }

  private row(source: LogSource, sourceIp: string, text: string, receivedAt: Date): DeviceLogRow {
    const p: ParsedLogLine = parseSyslogLine(text, { vendor: source.vendor });
    const admin = p.kind === 'admin-login' || p.kind === 'admin-logout';
    return {
      tenantId: source.tenantId,
      oltId: source.oltId,
      deviceKind: source.kind,
      deviceName: source.name,
      sourceIp: sourceIp.slice(0, 45),
      receivedAt,
      vendor: p.vendor ?? source.vendor,
      severity: p.severity,
      kind: p.kind,
      deviceTime: cut(p.time, 40),
      // A line that is all header keeps its text: the message is what the list shows.
      message: (p.message || text).slice(0, LOG_LINE_MAX_CHARS),
      onu: cut(p.onu, 40),
      mac: cut(p.mac, 17),
      serial: cut(p.serial, 32),
      // An admin's user name is no subscriber's.
      pppoeUser: admin ? null : cut(p.user, 64),
      said: { user: p.user, service: p.service, ip: p.ip },
      reason: cut(p.reason, 128),
    };
  }

  private dropUnknown(address: string, n: number): void {
    this.counts.unknownSource += n;
    const key = normalizeAddress(address) ?? address;
    const seen = this.unknown.get(key);
    if (seen) {
      seen.dropped += n;
      return;
    }
    if (this.unknown.size >= UNKNOWN_TRACKED_MAX) {
      this.unknownUntracked += n;
      return;
    }
    this.unknown.set(key, { dropped: 0, warnedAt: Date.now() });
    this.logger.warn(
      `syslog from ${key} dropped: no OLT or MikroTik router has this address (reported again at most once a minute)`,
    );
  }

  /** The minute's counts, and the unknown senders that kept sending. */
  private summarize(): void {
    const now = Date.now();
    for (const [address, seen] of this.unknown) {
      if (seen.dropped > 0 && now - seen.warnedAt >= SUMMARY_EVERY_MS - 1000) {
        this.logger.warn(
          `syslog from ${address} dropped: ${seen.dropped} more lines from this unknown address`,
        );
        seen.dropped = 0;
        seen.warnedAt = now;
      } else if (seen.dropped === 0 && now - seen.warnedAt > 10 * SUMMARY_EVERY_MS) {
        this.unknown.delete(address);
      }
    }
    if (this.unknownUntracked) {
      this.logger.warn(`syslog from further unknown addresses dropped: ${this.unknownUntracked} lines`);
      this.unknownUntracked = 0;
    }
    const total = this.counters();
    const last = this.lastSummary;
    this.lastSummary = total;
    const delta = (k: keyof SyslogCounters) => total[k] - last[k];
    const keys = Object.keys(total) as (keyof SyslogCounters)[];
    if (!keys.some((k) => delta(k) !== 0)) return;
    this.logger.log(
      `syslog: received ${delta('received')}, stored ${delta('stored')}, unknown source ${delta('unknownSource')}, ` +
        `ambiguous ${delta('ambiguous')}, malformed ${delta('malformed')}, queue dropped ${delta('queueDropped')}, ` +
        `write failed ${delta('writeFailed')} (since the last summary; ${this.writer.pending} waiting)`,
    );
  }
}
