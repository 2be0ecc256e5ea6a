import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  LOG_SEVERITIES,
  logDeviceId,
  type DeviceLogLine,
  type LogDeviceKind,
  type LogEventKind,
  type LogSeverity,
  type LogVendor,
} from '@pondesk/contracts';
import { LogEventsService } from '../log-events/log-events.service';
import type { StoredLogLine } from '../log-events/log-line-events';
import { EventPublisher } from '../realtime/event-publisher.service';

/** One line to store, its fields already cut to their columns. */
export interface DeviceLogRow {
  tenantId: string;
  oltId: string;
  deviceKind: LogDeviceKind;
  deviceName: string;
  sourceIp: string;
  receivedAt: Date;
  vendor: LogVendor | null;
  severity: LogSeverity | null;
  kind: LogEventKind;
  deviceTime: string | null;
  message: string;
  onu: string | null;
  mac: string | null;
  serial: string | null;
  pppoeUser: string | null;
  reason: string | null;
  /** What the line said beyond its columns, for the events it sets going (not stored). */
  said: { user: string | null; service: string | null; ip: string | null };
}

/** A batch is written when it holds this many lines, or this long after its first line arrived. */
export const BATCH_MAX = 500;
export const BATCH_WAIT_MS = 50;
/** Lines waiting for Postgres at most; past it the oldest are dropped (a slow or absent database). */
export const QUEUE_MAX = 50_000;
/** A batch Postgres refused this many times is dropped, so one bad batch cannot hold up the rest. */
const WRITE_ATTEMPTS = 3;
const RETRY_MS = 1000;
const WARN_EVERY_MS = 60_000;
/** Stored lines read for events in one round at most. */
const EVENTS_MAX = 5000;

export interface WriterCounters {
  stored: number;
  queueDropped: number;
  writeFailed: number;
}

const COLUMNS =
  'tenant_id, received_at, olt_id, device_kind, source_ip, vendor, severity, kind, device_time, message, onu, mac, serial, pppoe_user, reason';
// Rows go in in the arrays' order and RETURNING gives their ids in that order.
const INSERT = `INSERT INTO device_log (${COLUMNS})
  SELECT ${COLUMNS} FROM unnest($1::uuid[], $2::timestamptz[], $3::uuid[], $4::text[], $5::text[], $6::text[],
    $7::smallint[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[],
    $15::text[]) WITH ORDINALITY AS u(${COLUMNS}, n)
  ORDER BY n
  RETURNING id::text`;

/**
 * Stores received lines in `device_log` in batches (one multi-row INSERT each, one at a time) and then
 * tells the browsers of each OLT's staff, one `device.log.lines` per OLT per batch. Memory is bounded:
 * while Postgres is slow or away at most QUEUE_MAX lines wait, and the oldest give way to new ones.
 */
@Injectable()
export class DeviceLogWriter {
  private readonly logger = new Logger(DeviceLogWriter.name);
  private queue: DeviceLogRow[] = [];
  private timer?: NodeJS.Timeout;
  private writing?: Promise<void>;
  /** The batch Postgres refused last time, written first next time. */
  private retry?: DeviceLogRow[];
  private attempts = 0;
  private stopped = false;
  private lastDropWarning = 0;
  private eventLines: StoredLogLine[] = [];
  private eventsRunning?: Promise<void>;
  private dropsSinceWarning = 0;
  readonly counters: WriterCounters = { stored: 0, queueDropped: 0, writeFailed: 0 };

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: EventPublisher,
    private readonly logEvents: LogEventsService,
  ) {}

  get pending(): number {
    return this.queue.length + (this.retry?.length ?? 0);
  }

  add(row: DeviceLogRow): void {
    if (this.stopped) return;
    if (this.queue.length >= QUEUE_MAX) {
      const drop = this.queue.length - QUEUE_MAX + 1;
      this.queue.splice(0, drop);
      this.dropped(drop);
    }
    this.queue.push(row);
    this.schedule();
  }

  /** Writes what is queued, for at most `timeoutMs`; new lines are refused from now on. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && (this.writing || this.retry || this.queue.length)) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.writing ?? this.flush(),
        new Promise((r) => (timer = setTimeout(r, Math.max(0, deadline - Date.now())))),
      ]);
      clearTimeout(timer);
    }
    await this.eventsRunning;
    const left = this.queue.length + (this.retry?.length ?? 0);
    if (left) {
      this.logger.warn(`${left} syslog lines not stored: the worker is stopping`);
      this.counters.queueDropped += left;
      this.queue = [];
      this.retry = undefined;
    }
  }

  private schedule(): void {
    // A batch waiting to be retried has its timer; the others wait behind it.
    if (this.writing || this.stopped || this.retry || !this.queue.length) return;
    if (this.queue.length >= BATCH_MAX) {
      clearTimeout(this.timer);
      this.timer = undefined;
      void this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, BATCH_WAIT_MS);
    }
  }

  /** Writes one batch; the next is scheduled when it is done. Never rejects. */
  private flush(): Promise<void> {
    if (this.writing) return this.writing;
    if (!this.queue.length && !this.retry) return Promise.resolve();
    this.writing = this.write().finally(() => {
      this.writing = undefined;
      if (this.stopped) return;
      if (this.retry) {
        this.timer ??= setTimeout(() => {
          this.timer = undefined;
          void this.flush();
        }, RETRY_MS);
      } else {
        this.schedule();
      }
    });
    return this.writing;
  }

  private async write(): Promise<void> {
    const batch = this.retry ?? this.queue.splice(0, BATCH_MAX);
    this.retry = undefined;
    let ids: string[];
    try {
      ids = await this.insert(batch);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (++this.attempts >= WRITE_ATTEMPTS || this.stopped) {
        this.attempts = 0;
        this.counters.writeFailed += batch.length;
        this.logger.warn(`${batch.length} syslog lines not stored: ${reason}`);
      } else {
        this.retry = batch;
        this.logger.warn(`syslog lines not stored yet (attempt ${this.attempts}), retrying: ${reason}`);
      }
      return;
    }
    this.attempts = 0;
    this.counters.stored += batch.length;
    this.publish(batch, ids);
    this.handOver(batch.map(storedLine));
  }

  /**
   * What stored lines set going (session events, port reads) runs beside the next inserts, never holding
   * them up: lines stored meanwhile wait and go together in the next round.
   */
  private handOver(lines: StoredLogLine[]): void {
    this.eventLines.push(...lines);
    if (this.eventLines.length > QUEUE_MAX) {
      const drop = this.eventLines.length - QUEUE_MAX;
      this.eventLines.splice(0, drop);
      this.logger.warn(`${drop} stored syslog lines not read for events: their reading fell behind`);
    }
    this.eventsRunning ??= this.runEvents();
  }

  private async runEvents(): Promise<void> {
    while (this.eventLines.length) await this.logEvents.handle(this.eventLines.splice(0, EVENTS_MAX));
    this.eventsRunning = undefined;
  }

  private async insert(batch: DeviceLogRow[]): Promise<string[]> {
    const column = <T>(pick: (r: DeviceLogRow) => T): T[] => batch.map(pick);
    const rows: { id: string }[] = await this.db.query(INSERT, [
      column((r) => r.tenantId),
      column((r) => r.receivedAt.toISOString()),
      column((r) => r.oltId),
      column((r) => r.deviceKind),
      column((r) => r.sourceIp),
      column((r) => r.vendor),
      column((r) => (r.severity === null ? null : LOG_SEVERITIES.indexOf(r.severity))),
      column((r) => r.kind),
      column((r) => r.deviceTime),
      column((r) => r.message),
      column((r) => r.onu),
      column((r) => r.mac),
      column((r) => r.serial),
      column((r) => r.pppoeUser),
      column((r) => r.reason),
    ]);
    return rows.map((r) => r.id);
  }

  /** One event per OLT to its staff rooms only: share links never see device logs. */
  private publish(batch: DeviceLogRow[], ids: string[]): void {
    const byOlt = new Map<string, { tenantId: string; lines: DeviceLogLine[] }>();
    batch.forEach((r, i) => {
      const group = byOlt.get(r.oltId) ?? { tenantId: r.tenantId, lines: [] };
      group.lines.push({
        id: ids[i],
        receivedAt: r.receivedAt.toISOString(),
        deviceTime: r.deviceTime,
        deviceId: logDeviceId(r.deviceKind, r.oltId),
        deviceKind: r.deviceKind,
        oltId: r.oltId,
        deviceName: r.deviceName,
        severity: r.severity,
        kind: r.kind,
        message: r.message,
        onu: r.onu,
        mac: r.mac,
        serial: r.serial,
        pppoeUser: r.pppoeUser,
        reason: r.reason,
      });
      byOlt.set(r.oltId, group);
    });
    for (const [oltId, { tenantId, lines }] of byOlt)
      this.events.toStaff({ id: oltId, tenantId }, 'device.log.lines', { oltId, lines });
  }

  private dropped(n: number): void {
    this.counters.queueDropped += n;
    this.dropsSinceWarning += n;
    const now = Date.now();
    if (now - this.lastDropWarning >= WARN_EVERY_MS) {
      this.logger.warn(
        `syslog queue full (${QUEUE_MAX} lines waiting for Postgres): dropped the oldest ${this.dropsSinceWarning}`,
      );
      this.lastDropWarning = now;
      this.dropsSinceWarning = 0;
    }
  }
}

const storedLine = (r: DeviceLogRow): StoredLogLine => ({
  tenantId: r.tenantId,
  oltId: r.oltId,
  deviceKind: r.deviceKind,
  deviceName: r.deviceName,
  receivedAt: r.receivedAt,
  kind: r.kind,
  time: r.deviceTime,
  user: r.said.user,
  service: r.said.service,
  mac: r.mac,
  ip: r.said.ip,
  onu: r.onu,
  serial: r.serial,
});
