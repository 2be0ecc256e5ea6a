import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  SAME_SESSION_EVENT_SECONDS,
  oltsCarryingPppoeIds,
  writeSessionEvents,
  type SessionEventRecord,
} from '@pondesk/server-database';
import { JobName, JobQueue } from '@pondesk/server-queue';
import { EventPublisher } from '../realtime/event-publisher.service';
import { ponPlaceOf, RepeatFilter, sessionEventOf, type StoredLogLine } from './log-line-events';

/** Lines about one port within this are read together: a PON outage logs dozens of ONUs at once. */
const PORT_READ_DELAY_MS = 1_000;

/**
 * What stored syslog lines set going: a router's PPPoE connect or disconnect becomes a session event (the
 * Down Count's store, as if its script had posted it), and an OLT's ONU up or down line reads that ONU's
 * port at once, so the lists show it in seconds instead of at the next poll.
 */
@Injectable()
export class LogEventsService {
  private readonly logger = new Logger(LogEventsService.name);
  private readonly repeats = new RepeatFilter(SAME_SESSION_EVENT_SECONDS * 1000);
  /** Ports whose read is queued (until when): a port named again meanwhile needs no trip to Redis. */
  private readonly queuedReads = new Map<string, number>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly jobs: JobQueue,
    private readonly events: EventPublisher,
  ) {}

  /** Never throws: the lines are stored already, and what fails here is logged. */
  async handle(lines: readonly StoredLogLine[]): Promise<void> {
    await Promise.all([
      this.sessionEvents(lines).catch((e: unknown) =>
        this.logger.error(`session events from syslog not stored: ${String(e)}`),
      ),
      this.portReads(lines).catch((e: unknown) =>
        this.logger.warn(`port reads from syslog not queued: ${String(e)}`),
      ),
    ]);
  }

  private async sessionEvents(lines: readonly StoredLogLine[]): Promise<void> {
    const batch: SessionEventRecord[] = [];
    for (const line of lines) {
      const event = sessionEventOf(line);
      if (!event) continue;
      const key = `${line.tenantId}|${event.pppoeId}`;
      if (!this.repeats.fresh(key, event.action, line.receivedAt.getTime())) continue;
      batch.push({ ...event, tenantId: line.tenantId, receivedAt: line.receivedAt });
    }
    if (!batch.length) return;
    const stored = await writeSessionEvents(this.db, batch);
    const byTenant = new Map<string, SessionEventRecord[]>();
    for (const e of stored) {
      const list = byTenant.get(e.tenantId);
      if (list) list.push(e);
      else byTenant.set(e.tenantId, [e]);
    }
    for (const [tenantId, events] of byTenant) {
      const carriers = await oltsCarryingPppoeIds(
        this.db,
        tenantId,
        events.map((e) => e.pppoeId),
      );
      this.events.sessionEvents(
        tenantId,
        events.map((e) => ({
          pppoeId: e.pppoeId,
          action: e.action,
          at: e.receivedAt.toISOString(),
          router: e.router,
        })),
        carriers,
      );
    }
  }

  /**
   * One read per OLT port however many of its ONUs the lines name: the ONU is found by its MAC or serial
   * among the OLT's stored ONUs (that holds whatever the OLT's own numbering), else by the place the line
   * writes. The job's id makes lines about a port already waiting to be read join that read.
   */
  private async portReads(lines: readonly StoredLogLine[]): Promise<void> {
    const named = lines.filter(
      (l) => l.deviceKind === 'olt' && (l.kind === 'onu-down' || l.kind === 'onu-up'),
    );
    if (!named.length) return;
    const stored = await this.storedPorts(named);
    const wanted = new Map<string, { tenantId: string; oltId: string; ponPort: number }>();
    for (const line of named) {
      const ponPort =
        (line.mac && stored.get(`${line.oltId}|${line.mac}`)) ??
        (line.serial && stored.get(`${line.oltId}|${line.serial.toUpperCase()}`)) ??
        ponPlaceOf(line.onu)?.ponPort;
      if (typeof ponPort !== 'number') continue;
      wanted.set(`${line.oltId}-${ponPort}`, { tenantId: line.tenantId, oltId: line.oltId, ponPort });
    }
    const now = Date.now();
    for (const [key, until] of this.queuedReads) if (until <= now) this.queuedReads.delete(key);
    const fresh = [...wanted].filter(([key]) => !this.queuedReads.has(key));
    for (const [key] of fresh) this.queuedReads.set(key, now + PORT_READ_DELAY_MS);
    await Promise.all(
      fresh.map(([key, p]) =>
        this.jobs.enqueue(JobName.PortRead, p, {
          jobId: `port-read-${key}`,
          delay: PORT_READ_DELAY_MS,
          removeOnComplete: true,
          removeOnFail: 100,
        }),
      ),
    );
  }

  /** The stored ports of the ONUs the lines name by MAC or serial, keyed `olt|mac` and `olt|SERIAL`. */
  private async storedPorts(lines: readonly StoredLogLine[]): Promise<Map<string, number>> {
    const oltIds = [...new Set(lines.map((l) => l.oltId))];
    const macs = [...new Set(lines.flatMap((l) => (l.mac ? [l.mac] : [])))];
    const serials = [...new Set(lines.flatMap((l) => (l.serial ? [l.serial.toUpperCase()] : [])))];
    const found = new Map<string, number>();
    if (!macs.length && !serials.length) return found;
    const rows: { olt_id: string; pon_port: number; mac: string | null; serial: string | null }[] =
      await this.db.query(
        `SELECT olt_id, pon_port, mac, upper(serial) AS serial FROM onu
         WHERE olt_id = ANY($1::uuid[]) AND (mac = ANY($2::varchar[]) OR upper(serial) = ANY($3::text[]))`,
        [oltIds, macs, serials],
      );
    for (const r of rows) {
      if (r.mac) found.set(`${r.olt_id}|${r.mac}`, r.pon_port);
      if (r.serial) found.set(`${r.olt_id}|${r.serial}`, r.pon_port);
    }
    return found;
  }
}
