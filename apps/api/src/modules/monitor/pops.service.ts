import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { PopOption, PopRow } from '@pondesk/contracts';
import { BranchEntity, PopEntity } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { likePattern } from '../../common/http/page-query.dto';
import { AuditService } from '../audit/audit.service';
import type { CreatePopDto, UpdatePopDto } from './dto/pop.dto';
import { MONITOR_LIST_CAP, lockTenantRows } from './monitor-shared';
import { MonitorErrorCode, badField, conflict, popNotFound } from './monitor.exception';
import { PingTargetsService } from './ping-targets.service';

interface PopSqlRow {
  id: string;
  name: string;
  area_name: string | null;
  branch_id: string | null;
  branch_name: string | null;
  source_count: number;
  created_at: Date;
}

/** What the audit log keeps of a POP. */
const snapshot = (p: PopEntity) => ({
  name: p.name,
  areaName: p.areaName,
  branchId: p.branchId,
});

/**
 * POPs (the Area List): a name unique within the account (whatever its case), an area name and a
 * branch of the account's. A POP's power sources are pinged, so changes bump the ping targets' version.
 */
@Injectable()
export class PopsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly targets: PingTargetsService,
  ) {}

  /** Every POP, by name; `search` matches the name, area name or branch name. */
  async list(actor: TenantActor, search?: string): Promise<PopRow[]> {
    const term = search?.trim();
    return this.rows(
      this.db.manager,
      actor.tenantId,
      term
        ? {
            sql: '(p.name ILIKE $3 OR p.area_name ILIKE $3 OR b.name ILIKE $3)',
            value: likePattern(term),
          }
        : null,
    );
  }

  async options(actor: TenantActor): Promise<PopOption[]> {
    return this.db.query(
      `SELECT p.id, p.name FROM pop p WHERE p.tenant_id = $1 ORDER BY lower(p.name), p.id LIMIT $2`,
      [actor.tenantId, MONITOR_LIST_CAP],
    );
  }

  private async get(m: EntityManager, tenantId: string, id: string): Promise<PopRow> {
    const [row] = await this.rows(m, tenantId, { sql: 'p.id = $3', value: id });
    if (!row) throw popNotFound();
    return row;
  }

  private async rows(
    m: EntityManager,
    tenantId: string,
    where: { sql: string; value: string } | null,
  ): Promise<PopRow[]> {
    const rows: PopSqlRow[] = await m.query(
      `SELECT p.id, p.name, p.area_name, p.branch_id, b.name AS branch_name, p.created_at,
              (SELECT count(*)::int FROM pop_source s WHERE s.pop_id = p.id) AS source_count
         FROM pop p LEFT JOIN branch b ON b.id = p.branch_id AND b.tenant_id = p.tenant_id
        WHERE p.tenant_id = $1 ${where ? `AND ${where.sql}` : ''}
        ORDER BY lower(p.name), p.id LIMIT $2`,
      where ? [tenantId, MONITOR_LIST_CAP, where.value] : [tenantId, MONITOR_LIST_CAP],
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      areaName: r.area_name,
      branchId: r.branch_id,
      branchName: r.branch_name,
      sourceCount: r.source_count,
      createdAt: r.created_at.toISOString(),
    }));
  }

  async create(actor: TenantActor, body: CreatePopDto): Promise<PopRow> {
    const row = await this.db.transaction(async (m) => {
      await this.assertNameFree(m, actor.tenantId, body.name);
      const branchId = await this.branchOf(m, actor.tenantId, body.branchId);
      const repo = m.getRepository(PopEntity);
      const saved = await repo.save(
        repo.create({
          tenantId: actor.tenantId,
          name: body.name,
          areaName: body.areaName || null,
          branchId: branchId ?? null,
        }),
      );
      await this.audit.record(
        actor,
        { action: 'pop.create', entityType: 'pop', entityId: saved.id, after: snapshot(saved) },
        m,
      );
      return this.get(m, actor.tenantId, saved.id);
    });
    await this.targets.changed();
    return row;
  }

  async update(actor: TenantActor, id: string, body: UpdatePopDto): Promise<PopRow> {
    const row = await this.db.transaction(async (m) => {
      const before = await this.load(m, actor.tenantId, id);
      const changes: Partial<PopEntity> = {};
      if (body.name !== undefined && body.name !== before.name) {
        await this.assertNameFree(m, actor.tenantId, body.name, id);
        changes.name = body.name;
      }
      if (body.areaName !== undefined) changes.areaName = body.areaName || null;
      if (body.branchId !== undefined)
        changes.branchId = await this.branchOf(m, actor.tenantId, body.branchId);
      if (Object.keys(changes).length)
        await m.getRepository(PopEntity).update({ id, tenantId: actor.tenantId }, changes);
      const after = await this.load(m, actor.tenantId, id);
      await this.audit.record(
        actor,
        {
          action: 'pop.update',
          entityType: 'pop',
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

  /** Deletes the POP; its power sources and their outages go with it (and the sources' rollups). */
  async remove(actor: TenantActor, id: string): Promise<void> {
    await this.db.transaction(async (m) => {
      const before = await this.load(m, actor.tenantId, id);
      const sources: { id: string; ip: string; type: string }[] = await m.query(
        'SELECT id, ip, type FROM pop_source WHERE pop_id = $1 AND tenant_id = $2 ORDER BY ip',
        [id, actor.tenantId],
      );
      await m.getRepository(PopEntity).delete({ id, tenantId: actor.tenantId });
      if (sources.length)
        await m.query('DELETE FROM ping_minute WHERE target_id = ANY($1::uuid[])', [
          sources.map((s) => s.id),
        ]);
      await this.audit.record(
        actor,
        {
          action: 'pop.delete',
          entityType: 'pop',
          entityId: id,
          before: { ...snapshot(before), sources: sources.map((s) => ({ ip: s.ip, type: s.type })) },
        },
        m,
      );
    });
    await this.targets.changed();
  }

  private async load(m: EntityManager, tenantId: string, id: string): Promise<PopEntity> {
    const pop = await m.getRepository(PopEntity).findOne({ where: { id, tenantId } });
    if (!pop) throw popNotFound();
    return pop;
  }

  /** POP names are unique within the account whatever their case ('Core' and 'core' are one POP). */
  private async assertNameFree(
    m: EntityManager,
    tenantId: string,
    name: string,
    exceptId?: string,
  ): Promise<void> {
    await lockTenantRows(m, 'pop-name', tenantId);
    const taken: unknown[] = await m.query(
      `SELECT 1 FROM pop WHERE tenant_id = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3 LIMIT 1`,
      [tenantId, name, exceptId ?? null],
    );
    if (taken.length)
      throw conflict(MonitorErrorCode.POP_NAME_TAKEN, `A POP named "${name}" already exists`, 'name');
  }

  /** The branch id when it names a branch of the account's; null clears it. */
  private async branchOf(
    m: EntityManager,
    tenantId: string,
    branchId: string | null | undefined,
  ): Promise<string | null | undefined> {
    if (!branchId) return branchId === undefined ? undefined : null;
    const found = await m.getRepository(BranchEntity).exists({ where: { id: branchId, tenantId } });
    if (!found)
      throw badField(
        MonitorErrorCode.BRANCH_NOT_FOUND,
        'branchId names no branch of this account',
        'branchId',
      );
    return branchId;
  }
}
