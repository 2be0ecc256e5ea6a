import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ServiceRow } from '@pondesk/contracts';
import { IspServiceEntity } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { likePattern } from '../../common/http/page-query.dto';
import { AuditService } from '../audit/audit.service';
import type { CreateServiceDto, UpdateServiceDto } from './dto/service.dto';
import { MONITOR_LIST_CAP, lockTenantRows } from './monitor-shared';
import { MonitorErrorCode, conflict, serviceNotFound } from './monitor.exception';

const snapshot = (s: IspServiceEntity) => ({ name: s.name, active: s.active });

const toRow = (s: IspServiceEntity): ServiceRow => ({
  id: s.id,
  name: s.name,
  active: s.active,
  createdAt: s.createdAt.toISOString(),
});

/** The ISP's services (the Service List): a name unique within the account (whatever its case) and a status. */
@Injectable()
export class IspServicesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** Every service, by name; `search` matches the name or the status (active, inactive). */
  async list(actor: TenantActor, search?: string): Promise<ServiceRow[]> {
    const qb = this.db
      .getRepository(IspServiceEntity)
      .createQueryBuilder('s')
      .where('s.tenant_id = :tenantId', { tenantId: actor.tenantId })
      .orderBy('lower(s.name)')
      .addOrderBy('s.id')
      .limit(MONITOR_LIST_CAP);
    const term = search?.trim();
    if (term)
      qb.andWhere(
        `(s.name ILIKE :pattern OR (CASE WHEN s.active THEN 'active' ELSE 'inactive' END) ILIKE :pattern)`,
        { pattern: likePattern(term) },
      );
    return (await qb.getMany()).map(toRow);
  }

  create(actor: TenantActor, body: CreateServiceDto): Promise<ServiceRow> {
    return this.db.transaction(async (m) => {
      await this.assertNameFree(m, actor.tenantId, body.name);
      const repo = m.getRepository(IspServiceEntity);
      const saved = await repo.save(
        repo.create({ tenantId: actor.tenantId, name: body.name, active: body.active ?? true }),
      );
      await this.audit.record(
        actor,
        { action: 'service.create', entityType: 'service', entityId: saved.id, after: snapshot(saved) },
        m,
      );
      return toRow(await this.load(m, actor.tenantId, saved.id));
    });
  }

  update(actor: TenantActor, id: string, body: UpdateServiceDto): Promise<ServiceRow> {
    return this.db.transaction(async (m) => {
      const before = await this.load(m, actor.tenantId, id);
      const changes: Partial<IspServiceEntity> = {};
      if (body.name !== undefined && body.name !== before.name) {
        await this.assertNameFree(m, actor.tenantId, body.name, id);
        changes.name = body.name;
      }
      if (body.active !== undefined) changes.active = body.active;
      if (Object.keys(changes).length)
        await m.getRepository(IspServiceEntity).update({ id, tenantId: actor.tenantId }, changes);
      const after = await this.load(m, actor.tenantId, id);
      await this.audit.record(
        actor,
        {
          action: 'service.update',
          entityType: 'service',
          entityId: id,
          before: snapshot(before),
          after: snapshot(after),
        },
        m,
      );
      return toRow(after);
    });
  }

  async remove(actor: TenantActor, id: string): Promise<void> {
    await this.db.transaction(async (m) => {
      const before = await this.load(m, actor.tenantId, id);
      await m.getRepository(IspServiceEntity).delete({ id, tenantId: actor.tenantId });
      await this.audit.record(
        actor,
        { action: 'service.delete', entityType: 'service', entityId: id, before: snapshot(before) },
        m,
      );
    });
  }

  private async load(m: EntityManager, tenantId: string, id: string): Promise<IspServiceEntity> {
    const service = await m.getRepository(IspServiceEntity).findOne({ where: { id, tenantId } });
    if (!service) throw serviceNotFound();
    return service;
  }

  private async assertNameFree(
    m: EntityManager,
    tenantId: string,
    name: string,
    exceptId?: string,
  ): Promise<void> {
    await lockTenantRows(m, 'service-name', tenantId);
    const taken: unknown[] = await m.query(
      `SELECT 1 FROM isp_service WHERE tenant_id = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3 LIMIT 1`,
      [tenantId, name, exceptId ?? null],
    );
    if (taken.length)
      throw conflict(MonitorErrorCode.SERVICE_NAME_TAKEN, `A service named "${name}" already exists`, 'name');
  }
}
