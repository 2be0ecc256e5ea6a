import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import type { OltChoiceRow, OltPermissionRow } from '@pondesk/contracts';
import { OltEntity, UserEntity, UserOltPermissionEntity } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { AuditService } from '../audit/audit.service';
import type { UpdateOltPermissionsDto } from './dto/olt-permission.dto';

interface PermissionSqlRow {
  olt_id: string;
  code: string;
  name: string;
  branch_name: string | null;
  created_at: Date;
}

/**
 * Which OLTs each user may see. Holders of code 2000 see all of their tenant's OLTs anyway; for
 * everyone else `OltAccessService` filters every OLT-scoped query by these links.
 */
@Injectable()
export class OltPermissionsService {
  constructor(
    private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  async list(
    actor: TenantActor,
    userId: string,
    m: EntityManager = this.db.manager,
  ): Promise<OltPermissionRow[]> {
    await this.assertUser(m, actor.tenantId, userId);
    const rows: PermissionSqlRow[] = await m.query(
      `SELECT p.olt_id, o.code, o.name, b.name AS branch_name, p.created_at
         FROM user_olt_permission p
         JOIN olt o ON o.id = p.olt_id AND o.tenant_id = p.tenant_id
         LEFT JOIN branch b ON b.id = o.branch_id
        WHERE p.user_id = $1 AND p.tenant_id = $2 AND o.show = true
        ORDER BY o.name, o.id`,
      [userId, actor.tenantId],
    );
    return rows.map((r) => ({
      oltId: r.olt_id,
      oltCode: r.code,
      name: r.name,
      branchName: r.branch_name,
      createdAt: r.created_at.toISOString(),
    }));
  }

  /** Every OLT of the tenant that can be granted (soft-deleted ones are gone from the console). */
  async choices(actor: TenantActor): Promise<OltChoiceRow[]> {
    const rows: { id: string; code: string; name: string; branch_name: string | null }[] =
      await this.db.query(
        `SELECT o.id, o.code, o.name, b.name AS branch_name FROM olt o LEFT JOIN branch b ON b.id = o.branch_id
        WHERE o.tenant_id = $1 AND o.show = true ORDER BY o.name, o.id`,
        [actor.tenantId],
      );
    return rows.map((r) => ({ id: r.id, oltCode: r.code, name: r.name, branchName: r.branch_name }));
  }

  update(actor: TenantActor, userId: string, body: UpdateOltPermissionsDto): Promise<OltPermissionRow[]> {
    return this.db.transaction(async (m) => {
      await this.assertUser(m, actor.tenantId, userId);
      const ids = [...new Set(body.oltIds.map((id) => id.toLowerCase()))];
      const repo = m.getRepository(UserOltPermissionEntity);
      const before = (await this.list(actor, userId, m)).map((r) => r.oltId);
      if (body.action === 'add') {
        const found = await m
          .getRepository(OltEntity)
          .count({ where: { id: In(ids), tenantId: actor.tenantId, show: true } });
        if (found !== ids.length) {
          const message = 'oltIds names an OLT this account does not have';
          throw new BadRequestException({
            statusCode: 400,
            message,
            code: 'OLT_NOT_FOUND',
            fields: [{ field: 'oltIds', message }],
          });
        }
        await repo.upsert(
          ids.map((oltId) => ({ userId, oltId, tenantId: actor.tenantId })),
          ['userId', 'oltId'],
        );
      } else await repo.delete({ userId, tenantId: actor.tenantId, oltId: In(ids) });
      const after = await this.list(actor, userId, m);
      await this.audit.record(
        actor,
        {
          action: `olt-permission.${body.action}`,
          entityType: 'user',
          entityId: userId,
          before: { oltIds: before },
          after: { oltIds: after.map((r) => r.oltId) },
        },
        m,
      );
      return after;
    });
  }

  private async assertUser(m: EntityManager, tenantId: string, userId: string): Promise<void> {
    const found = await m.getRepository(UserEntity).exists({ where: { id: userId, tenantId } });
    if (!found)
      throw new NotFoundException({ statusCode: 404, message: 'User not found', code: 'USER_NOT_FOUND' });
  }
}
