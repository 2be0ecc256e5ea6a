import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { PopMonitor, PopSourceRow, PopSourceState, PopSourceType } from '@pondesk/contracts';
import { PopEntity, PopSourceEntity } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { likePattern } from '../../common/http/page-query.dto';
import { AuditService } from '../audit/audit.service';
import type { CreatePopSourceDto, UpdatePopSourceDto } from './dto/pop.dto';
import { MONITOR_LIST_CAP, iso, lockTenantRows } from './monitor-shared';
import { MonitorErrorCode, badField, conflict, popSourceNotFound } from './monitor.exception';
import { PingTargetsService } from './ping-targets.service';

interface SourceSqlRow {
  id: string;
  pop_id: string;
  pop_name: string;
  ip: string;
  type: PopSourceType;
  alive_minutes: number;
  state: PopSourceState;
  state_since: Date | null;
  last_reply_at: Date | null;
  created_at: Date;
}

const COLUMNS = `s.id, s.pop_id, p.name AS pop_name, s.ip, s.type, s.alive_minutes, s.state, s.state_since,
  s.last_reply_at, s.created_at`;
/** The Pop List's order: by POP, then address (numerically). */
const BY_POP = 'lower(p.name), s.ip::inet, s.id';
/** The spec's words for a type and a state, searched like the other shown fields. */
const SHOWN_TYPE = `CASE s.type WHEN 'electric' THEN 'Elc' ELSE 'Gen' END`;
const SHOWN_STATE = `CASE s.state WHEN 'down' THEN 'dw' ELSE s.state END`;

const snapshot = (s: PopSourceEntity) => ({
  popId: s.popId,
  ip: s.ip,
  type: s.type,
  aliveMinutes: s.aliveMinutes,
});

/**
 * The POPs' power sources (the Pop List) and the POP dashboard. The worker pings each source and keeps
 * its state, last reply and outages; here they are listed and managed. Addresses are unique within the
 * account; changes are audited and bump the ping targets' version.
 */
@Injectable()
export class PopSourcesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly targets: PingTargetsService,
  ) {}

  /** Every source, by POP then address; `search` matches the address, POP name, type or state. */
  async list(actor: TenantActor, search?: string): Promise<PopSourceRow[]> {
    const term = search?.trim();
    return this.rows(
      this.db.manager,
      actor.tenantId,
      term
        ? {
            sql: `(s.ip ILIKE $3 OR p.name ILIKE $3 OR s.type ILIKE $3 OR ${SHOWN_TYPE} ILIKE $3
                   OR s.state ILIKE $3 OR ${SHOWN_STATE} ILIKE $3)`,
            value: likePattern(term),
          }
        : null,
      BY_POP,
    );
  }

  /** The dashboard: counts of the account's sources by type and state, and a card per source, down first. */
  async monitor(actor: TenantActor): Promise<PopMonitor> {
    const counts: { type: PopSourceType; state: PopSourceState; n: number }[] = await this.db.query(
      `SELECT type, state, count(*)::int AS n FROM pop_source WHERE tenant_id = $1 GROUP BY type, state`,
      [actor.tenantId],
    );
    const count = (type: PopSourceType, state: PopSourceState) =>
      counts.find((c) => c.type === type && c.state === state)?.n ?? 0;
    const cards = await this.rows(
      this.db.manager,
      actor.tenantId,
      null,
      `(s.state = 'down') DESC, ${BY_POP}`,
    );
    return {
      total: counts.reduce((n, c) => n + c.n, 0),
      generator: { up: count('generator', 'up'), down: count('generator', 'down') },
      electric: { up: count('electric', 'up'), down: count('electric', 'down') },
      cards,
    };
  }

  private async get(m: EntityManager, tenantId: string, id: string): Promise<PopSourceRow> {
    const [row] = await this.rows(m, tenantId, { sql: 's.id = $3', value: id }, BY_POP);
    if (!row) throw popSourceNotFound();
    return row;
  }

  private async rows(
    m: EntityManager,
    tenantId: string,
    where: { sql: string; value: string } | null,
    order: string,
  ): Promise<PopSourceRow[]> {
    const rows: SourceSqlRow[] = await m.query(
      `SELECT ${COLUMNS} FROM pop_source s JOIN pop p ON p.id = s.pop_id
        WHERE s.tenant_id = $1 ${where ? `AND ${where.sql}` : ''}
        ORDER BY ${order} LIMIT $2`,
      where ? [tenantId, MONITOR_LIST_CAP, where.value] : [tenantId, MONITOR_LIST_CAP],
    );
    return rows.map((r) => ({
      id: r.id,
      popId: r.pop_id,
      popName: r.pop_name,
      ip: r.ip,
      type: r.type,
      aliveMinutes: r.alive_minutes,
      state: r.state,
      stateSince: iso(r.state_since),
      lastReplyAt: iso(r.last_reply_at),
      createdAt: r.created_at.toISOString(),
    }));
  }

  async create(actor: TenantActor, body: CreatePopSourceDto): Promise<PopSourceRow> {
    const row = await this.db.transaction(async (m) => {
      await this.assertPop(m, actor.tenantId, body.popId);
      await this.assertIpFree(m, actor.tenantId, body.ip);
      const repo = m.getRepository(PopSourceEntity);
      const saved = await repo.save(
        repo.create({
          tenantId: actor.tenantId,
          popId: body.popId,
          ip: body.ip,
          type: body.type,
          aliveMinutes: body.aliveMinutes ?? 0,
        }),
      );
      await this.audit.record(
        actor,
        { action: 'pop-source.create', entityType: 'pop-source', entityId: saved.id, after: snapshot(saved) },
        m,
      );
      return this.get(m, actor.tenantId, saved.id);
    });
    await this.targets.changed();
    return row;
  }

  async update(actor: TenantActor, id: string, body: UpdatePopSourceDto): Promise<PopSourceRow> {
    const row = await this.db.transaction(async (m) => {
      const before = await this.load(m, actor.tenantId, id);
      const changes: Partial<PopSourceEntity> = {};
      if (body.popId !== undefined && body.popId !== before.popId) {
        await this.assertPop(m, actor.tenantId, body.popId);
        changes.popId = body.popId;
      }
      if (body.ip !== undefined && body.ip !== before.ip) {
        await this.assertIpFree(m, actor.tenantId, body.ip);
        changes.ip = body.ip;
      }
      if (body.type !== undefined) changes.type = body.type;
      if (body.aliveMinutes !== undefined) changes.aliveMinutes = body.aliveMinutes;
      if (Object.keys(changes).length)
        await m.getRepository(PopSourceEntity).update({ id, tenantId: actor.tenantId }, changes);
      const after = await this.load(m, actor.tenantId, id);
      await this.audit.record(
        actor,
        {
          action: 'pop-source.update',
          entityType: 'pop-source',
          entityId: id,
          before: snapshot(before),
          after: snapshot(after),
        },
        m,
      );
      return this.get(m, actor.tenantId, id);
    });
    await this.targets.changed();
    return row;
  }

  /** Deletes the source with its outages (cascade) and its per-minute rollups. */
  async remove(actor: TenantActor, id: string): Promise<void> {
    await this.db.transaction(async (m) => {
      const before = await this.load(m, actor.tenantId, id);
      await m.getRepository(PopSourceEntity).delete({ id, tenantId: actor.tenantId });
      await m.query('DELETE FROM ping_minute WHERE target_id = $1', [id]);
      await this.audit.record(
        actor,
        { action: 'pop-source.delete', entityType: 'pop-source', entityId: id, before: snapshot(before) },
        m,
      );
    });
    await this.targets.changed();
  }

  private async load(m: EntityManager, tenantId: string, id: string): Promise<PopSourceEntity> {
    const source = await m.getRepository(PopSourceEntity).findOne({ where: { id, tenantId } });
    if (!source) throw popSourceNotFound();
    return source;
  }

  private async assertPop(m: EntityManager, tenantId: string, popId: string): Promise<void> {
    const found = await m.getRepository(PopEntity).exists({ where: { id: popId, tenantId } });
    if (!found) throw badField(MonitorErrorCode.POP_NOT_FOUND, 'popId names no POP of this account', 'popId');
  }

  private async assertIpFree(m: EntityManager, tenantId: string, ip: string): Promise<void> {
    await lockTenantRows(m, 'pop-source-ip', tenantId);
    const taken = await m.getRepository(PopSourceEntity).exists({ where: { tenantId, ip } });
    if (taken)
      throw conflict(
        MonitorErrorCode.POP_SOURCE_IP_TAKEN,
        `A power source with the IP address ${ip} is already watched`,
        'ip',
      );
  }
}
