import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import {
  sessionRoom,
  type InactiveOnuRow,
  type InactiveScanResult,
  type MacFindHit,
  type ScanFailureCode,
  type ScanKind,
  type ScanOltFinishedEvent,
} from '@pondesk/contracts';
import type { MacLocation, OnuRecord } from '@pondesk/device-drivers';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { onuPlace, storedHit, storedOnusOf, type OltEntity, type StoredOnu } from '@pondesk/server-database';
import {
  JobName,
  RedisConnections,
  scanKeys,
  type MacFindPayload,
  type ScanJobPayload,
  type ScanJobResult,
} from '@pondesk/server-queue';
import { OnJob } from '../jobs/on-job.decorator';
import type { PollableOlt } from '../olt-sessions/olt-connector';
import { OltSessionService } from '../olt-sessions/olt-session.service';
import { EventPublisher } from '../realtime/event-publisher.service';

/** Live optics are read for at most this many ONUs of one OLT's hits (each read walks a PON port). */
const LIVE_OPTICS_AT_MOST = 4;

/**
 * One OLT's part of a scan: MAC find or the inactive-ONU list. Each runs on one device session, taken in
 * turn with polls (the OLT lock); it tells the session that started the scan when it begins and what it
 * found, and an inactive list is kept per OLT for everyone who may see it. A scan cancelled before the
 * OLT's turn answers CANCELLED without touching the device.
 */
@Injectable()
export class ScanService implements OnApplicationShutdown {
  private readonly logger = new Logger(ScanService.name);
  private readonly redis: Redis;
  private readonly keys: ReturnType<typeof scanKeys>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sessions: OltSessionService,
    private readonly events: EventPublisher,
    connections: RedisConnections,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.redis = connections.open({ maxRetriesPerRequest: 2 });
    this.keys = scanKeys(config);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }

  @OnJob(JobName.MacFind)
  async macFind(p: MacFindPayload): Promise<ScanJobResult> {
    let hits: MacFindHit[] = [];
    const outcome = await this.scan(p, 'mac-find', async (session, olt) => {
      hits = await this.findOn(session, olt, p);
      return hits.length;
    });
    this.finish(p, 'mac-find', outcome, { hits });
    return outcome;
  }

  @OnJob(JobName.InactiveScan)
  async inactiveScan(p: ScanJobPayload): Promise<ScanJobResult> {
    const t0 = Date.now();
    let rows: InactiveOnuRow[] = [];
    const outcome = await this.scan(p, 'inactive', async (session, olt) => {
      const records = await session.inactiveOnus();
      const stored = await storedOnusOf(this.db, olt.id);
      rows = records
        .filter((r) => r.status !== 'online')
        .map((r) => inactiveRow(r, stored.get(onuPlace(r.ponPort, r.onuId))));
      return rows.length;
    });
    const result: InactiveScanResult = {
      oltId: p.oltId,
      scannedAt: new Date().toISOString(),
      ok: outcome.ok,
      code: outcome.code,
      error: outcome.error,
      rows,
      durationMs: Date.now() - t0,
    };
    // A cancelled scan never reached the OLT: the last real answer stays.
    if (outcome.code !== 'CANCELLED' && outcome.code !== 'OLT_GONE') await this.keep(p.tenantId, result);
    this.finish(p, 'inactive', outcome, { result });
    return outcome;
  }

  /**
   * Where the MAC is on this OLT, live. With a readable MAC table: the client MACs learned behind ONUs,
   * and the ONUs the last poll stored with this MAC as their own, confirmed by reading their ports.
   * Without one: the ONU list, walked for ONUs whose own MAC it is. Hits get the stored ONU's PPPoE ids
   * and, for a few ONUs, optics read now.
   */
  private async findOn(session: PollableOlt, olt: OltEntity, p: MacFindPayload): Promise<MacFindHit[]> {
    const learned = await session.findLearnedMac(p.mac);
    const found: MacLocation[] = [];
    if (learned === null) found.push(...(await session.findMac(p.mac)));
    else {
      for (const port of [...new Set(p.stored.map((s) => s.ponPort))])
        for (const r of await session.portOnus(port))
          if (r.mac === p.mac)
            found.push({
              mac: p.mac,
              kind: 'onu',
              ponPort: r.ponPort,
              onuId: r.onuId,
              ifName: r.ifName,
              vlan: null,
            });
      found.push(...learned);
    }
    if (!found.length) return [];
    const stored = await storedOnusOf(this.db, olt.id);
    const hits = found.map((f) =>
      hitOf(
        olt.id,
        f,
        f.ponPort !== null && f.onuId !== null ? stored.get(onuPlace(f.ponPort, f.onuId)) : undefined,
      ),
    );
    // Live optics for the ONUs found (a few: a MAC is behind one ONU, seldom more).
    const places = [
      ...new Set(
        hits.flatMap((h) => (h.ponPort !== null && h.onuId !== null ? [onuPlace(h.ponPort, h.onuId)] : [])),
      ),
    ];
    for (const place of places.slice(0, LIVE_OPTICS_AT_MOST)) {
      const [ponPort, onuId] = place.split(':').map(Number);
      const optics = await session.readOptics({ ponPort, onuId }).catch((error: unknown) => {
        this.logger.debug(
          { oltId: olt.id, place, err: String(error) },
          'live optics not read for a MAC find hit',
        );
        return null;
      });
      if (!optics) continue;
      const at = new Date().toISOString();
      for (const h of hits)
        if (h.ponPort === ponPort && h.onuId === onuId) {
          h.optics = {
            rxDbm: optics.rxDbm,
            txDbm: optics.txDbm,
            temperatureC: optics.temperatureC,
            voltageV: optics.voltageV,
            biasMa: optics.biasMa,
          };
          h.opticsSource = 'live';
          h.opticsAt = at;
        }
    }
    return hits;
  }

  /** Runs one OLT's part unless the scan was cancelled; says so to the scan's session as it starts. */
  private async scan(
    p: ScanJobPayload,
    kind: ScanKind,
    fn: (session: PollableOlt, olt: OltEntity) => Promise<number>,
  ): Promise<ScanJobResult & { error: string | null; durationMs: number }> {
    const t0 = Date.now();
    if (await this.cancelled(p))
      return { ok: false, code: 'CANCELLED', error: 'The scan was stopped', count: 0, durationMs: 0 };
    this.events.toRoom(sessionRoom(p.sessionId), 'scan.olt.started', {
      scanId: p.scanId,
      kind,
      oltId: p.oltId,
      at: new Date().toISOString(),
    });
    const outcome = await this.sessions.run(p, fn);
    const durationMs = Date.now() - t0;
    if (outcome.ok) return { ok: true, code: null, error: null, count: outcome.value, durationMs };
    return { ok: false, code: outcome.code as ScanFailureCode, error: outcome.error, count: 0, durationMs };
  }

  private finish(
    p: ScanJobPayload,
    kind: ScanKind,
    outcome: ScanJobResult & { error: string | null; durationMs: number },
    answer: Pick<ScanOltFinishedEvent, 'hits' | 'result'>,
  ): void {
    this.events.toRoom(sessionRoom(p.sessionId), 'scan.olt.finished', {
      scanId: p.scanId,
      kind,
      oltId: p.oltId,
      ok: outcome.ok,
      code: outcome.code,
      error: outcome.error,
      at: new Date().toISOString(),
      durationMs: outcome.durationMs,
      ...(kind === 'mac-find' ? { hits: answer.hits ?? [] } : { result: answer.result }),
    });
  }

  /** Whether the scan was stopped after this job was queued (a retry queued later still runs). */
  private async cancelled(p: ScanJobPayload): Promise<boolean> {
    try {
      const at = await this.redis.get(this.keys.cancelled(p.scanId));
      return at !== null && Number(at) >= p.queuedAt;
    } catch (error) {
      // Redis away: the scan goes on (its jobs came from Redis; the answer will find its way or not).
      this.logger.warn(`scan ${p.scanId}: cancel mark not read: ${String(error)}`);
      return false;
    }
  }

  private async keep(tenantId: string, r: InactiveScanResult): Promise<void> {
    await this.db.query(
      `INSERT INTO inactive_scan_result (olt_id, tenant_id, scanned_at, ok, code, error, rows, duration_ms)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8 WHERE EXISTS (SELECT 1 FROM olt WHERE id = $1 AND tenant_id = $2)
       ON CONFLICT (olt_id) DO UPDATE SET scanned_at = EXCLUDED.scanned_at, ok = EXCLUDED.ok, code = EXCLUDED.code,
         error = EXCLUDED.error, rows = EXCLUDED.rows, duration_ms = EXCLUDED.duration_ms`,
      [r.oltId, tenantId, r.scannedAt, r.ok, r.code, r.error, JSON.stringify(r.rows), r.durationMs],
    );
  }
}

/** A live MAC location with the stored ONU at its place (PPPoE ids, last-poll optics) where there is one. */
function hitOf(oltId: string, f: MacLocation, onu: StoredOnu | undefined): MacFindHit {
  const at = { source: 'live' as const, kind: f.kind, mac: f.mac, vlan: f.vlan };
  if (onu) return storedHit(onu, at);
  return {
    oltId,
    ...at,
    ponPort: f.ponPort,
    onuId: f.onuId,
    ifName: f.ifName,
    onuRef: null,
    pppoeIds: [],
    optics: null,
    opticsSource: null,
    opticsAt: null,
  };
}

/** Status words of an ONU held down on purpose (V-SOL `disabled`, GPON `deactivated`, BDCOM `deactive`). */
const DISABLED = /disabl|deactiv/i;

/** What the scanner shows of an inactive ONU; `onu` is the stored ONU at its place. */
export function inactiveRow(r: OnuRecord, onu: StoredOnu | undefined): InactiveOnuRow {
  return {
    ponPort: r.ponPort,
    onuId: r.onuId,
    ifName: r.ifName,
    mac: r.mac,
    serial: r.serial,
    description: r.description,
    vendor: r.vendor,
    model: r.model,
    distanceM: r.distanceM,
    rxDbm: r.rxDbm,
    status: DISABLED.test(r.statusRaw ?? '') ? 'disabled' : r.status === 'offline' ? 'offline' : 'unknown',
    statusRaw: r.statusRaw,
    reason: r.lastDeregReason,
    reasonRaw: r.lastDeregReasonRaw,
    lastDownTime: r.lastDeregTime,
    lastUpTime: r.lastRegTime,
    onuRef: onu?.id ?? null,
    pppoeIds: onu?.pppoeIds ?? [],
  };
}
