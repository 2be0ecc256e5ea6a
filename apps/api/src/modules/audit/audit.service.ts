import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import type { AuditRow, Paged } from '@pondesk/contracts';
import { AuditLogEntity } from '@pondesk/server-database';
import { actorName, type Actor } from '../../common/auth/actor';
import { likePattern, pageOf } from '../../common/http/page-query.dto';
import type { AuditQueryDto } from './dto/audit-query.dto';

/** Keys never written to the audit log, whatever entity they come from. */
const SECRET_KEYS = new Set(['password', 'passwordHash', 'ingestSecretEnc', 'tokenHash', 'codeHash']);

export function auditSnapshot(value: object | null | undefined): Record<string, unknown> | null {
  if (!value) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (SECRET_KEYS.has(k) || typeof v === 'function') continue;
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string | null;
  before?: object | null;
  after?: object | null;
  /** Defaults to the actor's tenant; platform changes name the tenant they touched. */
  tenantId?: string | null;
}

/** Writes and reads the audit log. Writes take the caller's transaction so a change and its row commit together. */
@Injectable()
export class AuditService {
  constructor(@InjectRepository(AuditLogEntity) private readonly repo: Repository<AuditLogEntity>) {}

  async record(actor: Actor, entry: AuditEntry, manager?: EntityManager): Promise<void> {
    const repo = manager ? manager.getRepository(AuditLogEntity) : this.repo;
    await repo.save(
      repo.create({
        tenantId:
          entry.tenantId !== undefined ? entry.tenantId : actor.kind === 'tenant' ? actor.tenantId : null,
        actorUserId: actor.kind === 'tenant' ? actor.userId : null,
        actorName: actorName(actor).slice(0, 60),
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId,
        before: auditSnapshot(entry.before),
        after: auditSnapshot(entry.after),
        ip: actor.ip,
      }),
    );
  }

  async list(tenantId: string, query: AuditQueryDto): Promise<Paged<AuditRow>> {
    const { page, pageSize, skip } = pageOf(query);
    const qb = this.repo
      .createQueryBuilder('a')
      .where('a.tenant_id = :tenantId', { tenantId })
      .orderBy('a.created_at', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .skip(skip)
      .take(pageSize);
    if (query.entityType) qb.andWhere('a.entity_type = :entityType', { entityType: query.entityType });
    if (query.entityId) qb.andWhere('a.entity_id = :entityId', { entityId: query.entityId });
    if (query.search)
      qb.andWhere('(a.action ILIKE :s OR a.actor_name ILIKE :s)', { s: likePattern(query.search) });
    const [rows, total] = await qb.getManyAndCount();
    return {
      items: rows.map((a) => ({
        id: a.id,
        at: a.createdAt.toISOString(),
        actorId: a.actorUserId,
        actorName: a.actorName,
        action: a.action,
        entityType: a.entityType,
        entityId: a.entityId,
        before: a.before,
        after: a.after,
      })),
      total,
      page,
      pageSize,
    };
  }
}
