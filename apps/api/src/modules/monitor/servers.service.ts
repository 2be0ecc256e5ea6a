import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  DEFAULT_LATENCY_LIMIT_MS,
  LATENCY_HISTORY_MAX_HOURS,
  PING_RAW_HOURS,
  SERVER_CHART_POINTS,
  type LatencyHistory,
  type LatencyPoint,
  type MonitorServer,
} from '@pondesk/contracts';
import { MonitorServerEntity } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { likePattern } from '../../common/http/page-query.dto';
import { AuditService } from '../audit/audit.service';
import { sniffImage } from '../../common/images/image-type';
import type { CreateServerDto, UpdateServerDto } from './dto/server.dto';
import { LogoStorageService, logoUrl } from './logo-storage.service';
import { MONITOR_LIST_CAP, iso, lockTenantRows, percent } from './monitor-shared';
import { MonitorErrorCode, MonitorException, badField, conflict, serverNotFound } from './monitor.exception';
import { PingTargetsService } from './ping-targets.service';

/** A file as multer holds it in memory. */
export interface UploadedLogo {
  buffer: Buffer;
  size: number;
}

/** What the latest results say of one server: its chart points and its loss over the last minute. */
interface Points {
  recent: LatencyPoint[];
  lossPct: number | null;
}

interface PointsRow {
  id: string;
  ats: Date[] | null;
  rtts: (number | null)[] | null;
  sent: number;
  received: number;
}

interface MinuteRow {
  minute: Date;
  sent: number;
  received: number;
  min_ms: number | null;
  avg_ms: number | null;
  max_ms: number | null;
}

/** Probes counted for a server's loss: those of the last minute. */
const LOSS_WINDOW_SECONDS = 60;

/**
 * The IP monitor's servers. The worker pings each every second and keeps its state on the row, its
 * results in `ping_sample` and their per-minute rollups in `ping_minute`; this reads them and manages
 * the list. Every change is audited and bumps the ping targets' version for the prober.
 */
@Injectable()
export class ServersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly logos: LogoStorageService,
    private readonly targets: PingTargetsService,
  ) {}

  async list(actor: TenantActor, search?: string): Promise<MonitorServer[]> {
    const params: unknown[] = [actor.tenantId, MONITOR_LIST_CAP];
    const term = search?.trim();
    const filter = term ? `AND (s.name ILIKE $3 OR s.ip ILIKE $3)` : '';
    if (term) params.push(likePattern(term));
    const ids: { id: string }[] = await this.db.query(
      `SELECT s.id FROM monitor_server s WHERE s.tenant_id = $1 ${filter}
        ORDER BY lower(s.name), s.ip, s.id LIMIT $2`,
      params,
    );
    return this.rows(
      actor.tenantId,
      ids.map((r) => r.id),
    );
  }

  async get(actor: TenantActor, id: string): Promise<MonitorServer> {
    const [server] = await this.rows(actor.tenantId, [id]);
    if (!server) throw serverNotFound();
    return server;
  }

  /** The servers of these ids (those of the tenant), in that order, with their last points. */
  private async rows(tenantId: string, ids: string[]): Promise<MonitorServer[]> {
    if (!ids.length) return [];
    const servers = await this.db
      .getRepository(MonitorServerEntity)
      .createQueryBuilder('s')
      .where('s.tenant_id = :tenantId AND s.id IN (:...ids)', { tenantId, ids })
      .getMany();
    const points = await this.points(servers.map((s) => s.id));
    const byId = new Map(servers.map((s) => [s.id, s]));
    return ids
      .map((id) => byId.get(id))
      .filter((s): s is MonitorServerEntity => s !== undefined)
      .map((s) => toServer(s, points.get(s.id) ?? { recent: [], lossPct: null }));
  }

  /**
   * Each server's last SERVER_CHART_POINTS results and its loss over the last minute, for the whole
   * list in one query: per server, the newest rows through `ping_sample_target_idx` (target, at desc),
   * within the raw retention so old day partitions are pruned.
   */
  private async points(ids: string[]): Promise<Map<string, Points>> {
    if (!ids.length) return new Map();
    const rows: PointsRow[] = await this.db.query(
      `SELECT s.id, r.ats, r.rtts, l.sent, l.received
         FROM unnest($1::uuid[]) AS s(id)
         CROSS JOIN LATERAL (
           SELECT array_agg(x.at ORDER BY x.at) AS ats, array_agg(x.rtt_ms ORDER BY x.at) AS rtts
             FROM (SELECT p.at, p.rtt_ms FROM ping_sample p
                    WHERE p.target_id = s.id AND p.at >= now() - make_interval(hours => $2)
                    ORDER BY p.at DESC LIMIT $3) x) r
         CROSS JOIN LATERAL (
           SELECT count(*)::int AS sent, count(p.rtt_ms)::int AS received FROM ping_sample p
            WHERE p.target_id = s.id AND p.at > now() - make_interval(secs => $4)) l`,
      [ids, PING_RAW_HOURS, SERVER_CHART_POINTS, LOSS_WINDOW_SECONDS],
    );
    return new Map(
      rows.map((r) => [
        r.id,
        {
          recent: (r.ats ?? []).map((at, i) => ({
            at: at.toISOString(),
            rttMs: r.rtts?.[i] ?? null,
          })),
          lossPct: r.sent > 0 ? percent(r.sent - r.received, r.sent) : null,
        },
      ]),
    );
  }

  async create(
    actor: TenantActor,
    body: CreateServerDto,
    logo: UploadedLogo | undefined,
  ): Promise<MonitorServer> {
    const logoFile = await this.storeLogo(logo);
    let id: string;
    try {
      id = await this.db.transaction(async (m) => {
        await this.assertIpFree(m, actor.tenantId, body.ip);
        const repo = m.getRepository(MonitorServerEntity);
        const saved = await repo.save(
          repo.create({
            tenantId: actor.tenantId,
            name: body.name,
            ip: body.ip,
            latencyLimitMs: body.latencyLimitMs ?? DEFAULT_LATENCY_LIMIT_MS,
            logoFile,
          }),
        );
        await this.audit.record(
          actor,
          { action: 'monitor-server.create', entityType: 'monitor-server', entityId: saved.id, after: saved },
          m,
        );
        return saved.id;
      });
    } catch (error) {
      await this.logos.remove(logoFile);
      throw error;
    }
    await this.targets.changed();
    return this.get(actor, id);
  }

  async update(
    actor: TenantActor,
    id: string,
    body: UpdateServerDto,
    logo: UploadedLogo | undefined,
  ): Promise<MonitorServer> {
    if (logo && body.removeLogo)
      throw badField(
        MonitorErrorCode.LOGO_CONFLICT,
        'removeLogo cannot be sent with a new logo',
        'removeLogo',
      );
    const logoFile = await this.storeLogo(logo);
    let dropped: string | null = null;
    try {
      dropped = await this.db.transaction(async (m) => {
        const before = await this.load(m, actor.tenantId, id);
        const changes: Partial<MonitorServerEntity> = {};
        if (body.name !== undefined) changes.name = body.name;
        if (body.ip !== undefined && body.ip !== before.ip) {
          await this.assertIpFree(m, actor.tenantId, body.ip);
          changes.ip = body.ip;
        }
        if (body.latencyLimitMs !== undefined) changes.latencyLimitMs = body.latencyLimitMs;
        if (logoFile || body.removeLogo) changes.logoFile = logoFile;
        if (Object.keys(changes).length)
          await m.getRepository(MonitorServerEntity).update({ id, tenantId: actor.tenantId }, changes);
        const after = await this.load(m, actor.tenantId, id);
        await this.audit.record(
          actor,
          { action: 'monitor-server.update', entityType: 'monitor-server', entityId: id, before, after },
          m,
        );
        return 'logoFile' in changes && before.logoFile !== after.logoFile ? before.logoFile : null;
      });
    } catch (error) {
      await this.logos.remove(logoFile);
      throw error;
    }
    await this.logos.remove(dropped);
    await this.targets.changed();
    return this.get(actor, id);
  }

  /** Deletes the server with its per-minute history and its logo (its raw results expire by themselves). */
  async remove(actor: TenantActor, id: string): Promise<void> {
    const before = await this.db.transaction(async (m) => {
      const server = await this.load(m, actor.tenantId, id);
      await m.getRepository(MonitorServerEntity).delete({ id, tenantId: actor.tenantId });
      await m.query('DELETE FROM ping_minute WHERE target_id = $1', [id]);
      await this.audit.record(
        actor,
        { action: 'monitor-server.delete', entityType: 'monitor-server', entityId: id, before: server },
        m,
      );
      return server;
    });
    await this.logos.remove(before.logoFile);
    await this.targets.changed();
  }

  /** Per-minute latency and loss over the last `hours`, oldest first, from the rollups. */
  async history(
    actor: TenantActor,
    id: string,
    hours: number = LATENCY_HISTORY_MAX_HOURS,
  ): Promise<LatencyHistory> {
    await this.load(this.db.manager, actor.tenantId, id);
    const to = new Date();
    const from = new Date(to.getTime() - hours * 3_600_000);
    const rows: MinuteRow[] = await this.db.query(
      `SELECT minute, sent, received, min_ms, avg_ms, max_ms FROM ping_minute
        WHERE target_id = $1 AND minute >= $2 AND minute <= $3 ORDER BY minute`,
      [id, from, to],
    );
    return {
      serverId: id,
      from: from.toISOString(),
      to: to.toISOString(),
      minutes: rows.map((r) => ({
        at: r.minute.toISOString(),
        sent: r.sent,
        received: r.received,
        minMs: r.min_ms,
        avgMs: r.avg_ms,
        maxMs: r.max_ms,
        lossPct: percent(r.sent - r.received, r.sent),
      })),
    };
  }

  private async load(m: EntityManager, tenantId: string, id: string): Promise<MonitorServerEntity> {
    const server = await m.getRepository(MonitorServerEntity).findOne({ where: { id, tenantId } });
    if (!server) throw serverNotFound();
    return server;
  }

  private async assertIpFree(m: EntityManager, tenantId: string, ip: string): Promise<void> {
    await lockTenantRows(m, 'server-ip', tenantId);
    const taken = await m.getRepository(MonitorServerEntity).exists({ where: { tenantId, ip } });
    if (taken)
      throw conflict(
        MonitorErrorCode.SERVER_IP_TAKEN,
        `A server with the IP address ${ip} is already monitored`,
        'ip',
      );
  }

  /** Checks the upload is an image by its bytes and stores it; null when none was sent. */
  private async storeLogo(logo: UploadedLogo | undefined): Promise<string | null> {
    if (!logo) return null;
    const type = logo.buffer?.length ? sniffImage(logo.buffer) : null;
    if (!type)
      throw new MonitorException(
        MonitorErrorCode.LOGO_NOT_IMAGE,
        'logo must be a PNG, JPEG, GIF or WebP image',
        HttpStatus.BAD_REQUEST,
        'logo',
      );
    return this.logos.save(logo.buffer, type.ext);
  }
}

function toServer(s: MonitorServerEntity, points: Points): MonitorServer {
  return {
    id: s.id,
    name: s.name,
    ip: s.ip,
    latencyLimitMs: s.latencyLimitMs,
    logoUrl: logoUrl(s.logoFile),
    state: s.state,
    alertReason: s.alertReason,
    stateSince: iso(s.stateSince),
    lastRttMs: points.recent.at(-1)?.rttMs ?? null,
    lossPct: points.lossPct,
    recent: points.recent,
    createdAt: s.createdAt.toISOString(),
  };
}
