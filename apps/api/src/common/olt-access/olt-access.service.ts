import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Permission } from '@pondesk/contracts';
import type { TenantActor } from '../auth/actor';

/**
 * Per-user OLT permissions: holders of code 2000 see every OLT of their tenant; everyone else only the
 * OLTs granted to them. Every OLT-scoped query goes through `scope()`.
 */
@Injectable()
export class OltAccessService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  seesAll(actor: TenantActor): boolean {
    return (actor.permissions as number[]).includes(Permission.Admin);
  }

  /** SQL condition on `${alias}.id` (plus parameters) limiting OLTs to those the actor may see. */
  scope(actor: TenantActor, alias: string): { sql: string; params: Record<string, unknown> } {
    const tenant = `${alias}.tenant_id = :scopeTenantId AND ${alias}.show = true`;
    if (this.seesAll(actor)) return { sql: tenant, params: { scopeTenantId: actor.tenantId } };
    return {
      sql: `${tenant} AND ${alias}.id IN (SELECT p.olt_id FROM user_olt_permission p WHERE p.user_id = :scopeUserId AND p.tenant_id = :scopeTenantId)`,
      params: { scopeTenantId: actor.tenantId, scopeUserId: actor.userId },
    };
  }

  /** The OLTs granted to a user who does not see them all. */
  async permittedOltIds(actor: TenantActor): Promise<string[]> {
    const rows: { olt_id: string }[] = await this.db.query(
      `SELECT p.olt_id FROM user_olt_permission p JOIN olt o ON o.id = p.olt_id AND o.show = true
       WHERE p.user_id = $1 AND p.tenant_id = $2`,
      [actor.userId, actor.tenantId],
    );
    return rows.map((r) => r.olt_id);
  }

  async canSee(actor: TenantActor, oltId: string): Promise<boolean> {
    const { sql, params } = this.scope(actor, 'o');
    const rows: unknown[] = await this.db
      .createQueryBuilder()
      .select('1')
      .from('olt', 'o')
      .where(sql, params)
      .andWhere('o.id = :oltId', { oltId })
      .getRawMany();
    return rows.length > 0;
  }
}
