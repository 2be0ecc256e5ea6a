import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, Repository, type EntityManager } from 'typeorm';
import {
  AUDIT_FACET_LIMIT,
  auditActionsWorded,
  auditKindFilter,
  auditKindOf,
  auditOutcomeOf,
  type AuditFacets,
  type AuditRow,
  type Paged,
} from '@pondesk/contracts';
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
    if (query.actorId) qb.andWhere('a.actor_user_id = :actorId', { actorId: query.actorId });
    if (query.action) qb.andWhere('a.action = :action', { action: query.action });
    if (query.kind) {
      const names = auditKindFilter(query.kind);
      if ('in' in names) qb.andWhere('a.action IN (:...kindIn)', { kindIn: names.in });
      else qb.andWhere('a.action NOT IN (:...kindOut)', { kindOut: names.notIn });
    }
    if (query.from) qb.andWhere('a.created_at >= :from', { from: query.from });
    if (query.to) qb.andWhere('a.created_at <= :to', { to: query.to });
    const term = query.search?.trim();
    if (term) {
      // What the log shows is searched too: "reboot" finds onu.reboot by its words, not only its name.
      const worded = auditActionsWorded(term);
      qb.andWhere(
        new Brackets((w) => {
          w.where('a.action ILIKE :s', { s: likePattern(term) })
            .orWhere('a.actor_name ILIKE :s')
            .orWhere('a.entity_id ILIKE :s');
          if (worded.length) w.orWhere('a.action IN (:...worded)', { worded });
        }),
      );
    }
    const [rows, total] = await qb.getManyAndCount();
    return { items: rows.map(toAuditRow), total, page, pageSize };
  }

  /**
   * Who appears in the tenant's log and which actions it holds. Each list walks its index one distinct
   * value at a time (a loose index scan), so a log of millions of rows answers as fast as a small one.
   */
  async facets(tenantId: string): Promise<AuditFacets> {
    const [actors, actions] = await Promise.all([
      this.repo.query(
        `WITH RECURSIVE ids AS (
           (SELECT actor_user_id AS id FROM audit_log
             WHERE tenant_id = $1 AND actor_user_id IS NOT NULL ORDER BY actor_user_id LIMIT 1)
           UNION ALL
           SELECT (SELECT actor_user_id FROM audit_log
                    WHERE tenant_id = $1 AND actor_user_id > ids.id ORDER BY actor_user_id LIMIT 1)
             FROM ids WHERE ids.id IS NOT NULL
         )
         SELECT f.id, coalesce(u.username, last.actor_name) AS name
           FROM (SELECT id FROM ids WHERE id IS NOT NULL LIMIT $2) f
           LEFT JOIN app_user u ON u.id = f.id AND u.tenant_id = $1
           CROSS JOIN LATERAL (SELECT actor_name FROM audit_log
                                WHERE tenant_id = $1 AND actor_user_id = f.id
                                ORDER BY created_at DESC LIMIT 1) last
          ORDER BY lower(coalesce(u.username, last.actor_name)), f.id`,
        [tenantId, AUDIT_FACET_LIMIT],
      ) as Promise<{ id: string; name: string }[]>,
      this.repo.query(
        `WITH RECURSIVE names AS (
           (SELECT action FROM audit_log WHERE tenant_id = $1 ORDER BY action LIMIT 1)
           UNION ALL
           SELECT (SELECT action FROM audit_log WHERE tenant_id = $1 AND action > names.action
                    ORDER BY action LIMIT 1)
             FROM names WHERE names.action IS NOT NULL
         )
         SELECT action FROM names WHERE action IS NOT NULL LIMIT $2`,
        [tenantId, AUDIT_FACET_LIMIT],
      ) as Promise<{ action: string }[]>,
    ]);
    return { actors, actions: actions.map((a) => a.action) };
  }
}

function toAuditRow(a: AuditLogEntity): AuditRow {
  const kind = auditKindOf(a.action);
  return {
    id: a.id,
    at: a.createdAt.toISOString(),
    actorId: a.actorUserId,
    actorName: a.actorName,
    action: a.action,
    kind,
    deviceWrite: kind === 'device-write',
    outcome: auditOutcomeOf(a.action, a.after),
    entityType: a.entityType,
    entityId: a.entityId,
    before: a.before,
    after: a.after,
    ip: a.ip,
  };
}
