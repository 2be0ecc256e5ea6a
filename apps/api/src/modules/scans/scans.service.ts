import { randomUUID } from 'node:crypto';
import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import {
  Permission,
  SCANS_PER_USER_PER_MINUTE,
  parseMac,
  type InactiveScanResult,
  type InactiveScanResults,
  type MacFindStarted,
  type ScanKind,
  type ScanOlt,
  type ScanStarted,
} from '@pondesk/contracts';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { storedHit, storedMacOwners } from '@pondesk/server-database';
import {
  JobName,
  JobQueue,
  SCAN_JOB_OPTIONS,
  SCAN_TTL_SECONDS,
  scanKeys,
  type JobPayloads,
} from '@pondesk/server-queue';
import type { TenantActor } from '../../common/auth/actor';
import { invalidInput } from '../../common/http/validation.pipe';
import { OltAccessService } from '../../common/olt-access/olt-access.service';
import { RateLimiterService, type RateRule } from '../../common/rate-limit/rate-limiter.service';
import { REDIS_COMMANDS } from '../../common/redis/redis.module';
import { AuditService } from '../audit/audit.service';
import { oltNotFound } from '../olts/olts.exception';

/** What the API keeps of a running scan: whose it is and what it covers (for retries and cancels). */
interface ScanRecord {
  kind: ScanKind;
  tenantId: string;
  userId: string;
  sessionId: string;
  oltIds: string[];
  mac?: string;
}

const rule = (kind: ScanKind): RateRule => ({
  name: `scan:${kind}`,
  max: SCANS_PER_USER_PER_MINUTE,
  windowSeconds: 60,
});

const scanNotFound = () =>
  new NotFoundException({
    statusCode: 404,
    message: 'This scan has ended or is not yours',
    code: 'SCAN_NOT_FOUND',
  });

/**
 * Scans over the OLTs a user may see: one worker job per OLT (one device session each, taken in turn
 * with polls), answers streamed to the session that asked. A user's new scan of a kind cancels their
 * previous one; every start is rate-limited per user and audited.
 */
@Injectable()
export class ScansService {
  private readonly keys: ReturnType<typeof scanKeys>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS_COMMANDS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly access: OltAccessService,
    private readonly limiter: RateLimiterService,
    private readonly audit: AuditService,
  ) {
    this.keys = scanKeys(config);
  }

  /** The OLTs the actor may scan, by brand, mode and name (the pickers' order); `only` narrows and orders them. */
  async olts(actor: TenantActor, only?: readonly string[]): Promise<ScanOlt[]> {
    const scope = this.access.scope(actor, 'o');
    const [sql, params] = this.db.driver.escapeQueryWithParameters(
      `SELECT o.id, o.code, o.name, o.brand, o.mode, o.status FROM olt o WHERE ${scope.sql}
       ${only ? 'AND o.id = ANY(:only)' : ''} ORDER BY o.brand, o.mode, lower(o.name), o.code`,
      { ...scope.params, only },
    );
    const rows: ScanOlt[] = await this.db.query(sql, params);
    if (!only) return rows;
    // Each OLT asked for must be one the actor may see (another tenant's, or a hidden one, is not found).
    const byId = new Map(rows.map((r) => [r.id, r]));
    const asked = [...new Set(only)].map((id) => byId.get(id));
    if (asked.some((o) => o === undefined)) throw oltNotFound();
    return asked.filter((o) => o !== undefined);
  }

  async startMacFind(actor: TenantActor, text: string, oltIds?: string[]): Promise<MacFindStarted> {
    const mac = parseMac(text);
    // The DTO checked it; a caller that skipped it must not reach the devices.
    if (!mac) throw invalidInput([{ field: 'mac', message: 'mac must be a MAC address' }]);
    const { scanId, olts, startedAt } = await this.begin(actor, 'mac-find', oltIds, { mac });
    const owners = await storedMacOwners(
      this.db,
      actor.tenantId,
      olts.map((o) => o.id),
      mac,
    );
    await this.enqueue(
      JobName.MacFind,
      olts.map((o) => ({
        ...this.payload(actor, scanId, o.id),
        mac,
        stored: owners.filter((w) => w.oltId === o.id).map((w) => ({ ponPort: w.ponPort, onuId: w.onuId })),
      })),
    );
    await this.audit.record(actor, {
      action: 'scan.mac-find',
      entityType: 'scan',
      entityId: scanId,
      after: { mac, olts: olts.length, stored: owners.length },
    });
    return {
      scanId,
      kind: 'mac-find',
      mac,
      olts,
      startedAt,
      stored: owners.map((w) => storedHit(w, { source: 'stored', kind: 'onu', mac, vlan: null })),
    };
  }

  async startInactive(actor: TenantActor, oltIds?: string[]): Promise<ScanStarted> {
    const { scanId, olts, startedAt } = await this.begin(actor, 'inactive', oltIds);
    await this.enqueue(
      JobName.InactiveScan,
      olts.map((o) => this.payload(actor, scanId, o.id)),
    );
    await this.audit.record(actor, {
      action: 'scan.inactive',
      entityType: 'scan',
      entityId: scanId,
      after: { olts: olts.length, auto: !oltIds },
    });
    return { scanId, kind: 'inactive', olts, startedAt };
  }

  /** Runs one OLT's part of the actor's own scan again (Retry). */
  async retry(actor: TenantActor, scanId: string, oltId: string): Promise<void> {
    const record = await this.recordOf(actor, scanId);
    if (record.kind === 'inactive' && !actor.permissions.includes(Permission.OnuDownScanner))
      throw new ForbiddenException({
        statusCode: 403,
        message: `Your role does not have permission ${Permission.OnuDownScanner}`,
        code: 'PERMISSION_DENIED',
      });
    if (!record.oltIds.includes(oltId)) throw oltNotFound();
    await this.olts(actor, [oltId]);
    const attempt = `${Date.now().toString(36)}`;
    if (record.kind === 'mac-find') {
      const mac = record.mac ?? '';
      const owners = await storedMacOwners(this.db, actor.tenantId, [oltId], mac);
      await this.enqueue(
        JobName.MacFind,
        [
          {
            ...this.payload(actor, scanId, oltId),
            mac,
            stored: owners.map((w) => ({ ponPort: w.ponPort, onuId: w.onuId })),
          },
        ],
        attempt,
      );
    } else await this.enqueue(JobName.InactiveScan, [this.payload(actor, scanId, oltId)], attempt);
  }

  /** Stops the actor's scan: OLTs not yet begun answer CANCELLED without a device session. */
  async cancel(actor: TenantActor, scanId: string): Promise<void> {
    await this.recordOf(actor, scanId);
    await this.stop(scanId);
  }

  /** Marks the scan stopped now: its jobs queued until now are skipped (a later retry still runs). */
  private async stop(scanId: string): Promise<void> {
    await this.redis.set(this.keys.cancelled(scanId), String(Date.now()), 'EX', SCAN_TTL_SECONDS);
  }

  /** The last inactive scan of each OLT the actor may see (of `oltIds`, when given). */
  async inactiveResults(actor: TenantActor, oltIds?: string[]): Promise<InactiveScanResults> {
    const olts = await this.olts(actor, oltIds);
    if (!olts.length) return { results: [] };
    const rows: (Omit<InactiveScanResult, 'scannedAt'> & { scannedAt: Date })[] = await this.db.query(
      `SELECT olt_id AS "oltId", scanned_at AS "scannedAt", ok, code, error, rows, duration_ms AS "durationMs"
       FROM inactive_scan_result WHERE tenant_id = $1 AND olt_id = ANY($2::uuid[])`,
      [actor.tenantId, olts.map((o) => o.id)],
    );
    const byOlt = new Map(rows.map((r) => [r.oltId, r]));
    return {
      results: olts
        .map((o) => byOlt.get(o.id))
        .filter((r) => r !== undefined)
        .map((r) => ({ ...r, scannedAt: new Date(r.scannedAt).toISOString() })),
    };
  }

  /**
   * A new scan of `kind` for the actor: counted against their rate, its OLTs checked, their previous scan
   * of the kind cancelled, its record kept for retries and cancels.
   */
  private async begin(
    actor: TenantActor,
    kind: ScanKind,
    oltIds: string[] | undefined,
    extra: Pick<ScanRecord, 'mac'> = {},
  ): Promise<{ scanId: string; olts: ScanOlt[]; startedAt: string }> {
    await this.limiter.hit([{ rule: rule(kind), subject: actor.userId }]);
    const olts = await this.olts(actor, oltIds);
    const scanId = randomUUID();
    const record: ScanRecord = {
      kind,
      tenantId: actor.tenantId,
      userId: actor.userId,
      sessionId: actor.sessionId,
      oltIds: olts.map((o) => o.id),
      ...extra,
    };
    const previous = await this.redis.getset(this.keys.current(actor.userId, kind), scanId);
    await this.redis
      .multi()
      .expire(this.keys.current(actor.userId, kind), SCAN_TTL_SECONDS)
      .set(this.keys.record(scanId), JSON.stringify(record), 'EX', SCAN_TTL_SECONDS)
      .exec();
    if (previous) await this.stop(previous);
    return { scanId, olts, startedAt: new Date().toISOString() };
  }

  private async recordOf(actor: TenantActor, scanId: string): Promise<ScanRecord> {
    const raw = await this.redis.get(this.keys.record(scanId));
    const record = raw ? (JSON.parse(raw) as ScanRecord) : null;
    if (!record || record.tenantId !== actor.tenantId || record.userId !== actor.userId) throw scanNotFound();
    return record;
  }

  private payload(actor: TenantActor, scanId: string, oltId: string) {
    return { tenantId: actor.tenantId, oltId, scanId, sessionId: actor.sessionId, queuedAt: Date.now() };
  }

  /** One job per OLT, in one round trip; job ids name the scan and OLT (and the retry's attempt). */
  private async enqueue<N extends JobName.MacFind | JobName.InactiveScan>(
    name: N,
    payloads: JobPayloads[N][],
    attempt = '',
  ): Promise<void> {
    if (!payloads.length) return;
    await this.jobs.queueOf(name).addBulk(
      payloads.map((data) => ({
        name,
        data,
        opts: {
          ...SCAN_JOB_OPTIONS,
          jobId: `scan-${data.scanId}-${data.oltId}${attempt ? `-${attempt}` : ''}`,
        },
      })),
    );
  }
}
