import { randomInt } from 'node:crypto';
import { HttpStatus, Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import { Permission, isPermissionCode, type PermissionCode, type RoleRow } from '@pondesk/contracts';
import { MenuEntity, RoleEntity, UserEntity } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { AuditService } from '../audit/audit.service';
import type { CreateRoleDto, UpdateRoleDto } from './dto/role.dto';
import { RolesErrorCode, RolesException, roleNotFound } from './roles.exception';

/** Spec 3 §3: a new role's code is a prefix, a timestamp and a random number. */
export function generateRoleCode(now = Date.now()): string {
  return `ROLE-${now}-${randomInt(1000, 10000)}`;
}

function codesOf(role: RoleEntity): PermissionCode[] {
  return (role.menus ?? [])
    .map((m) => m.code)
    .filter(isPermissionCode)
    .sort((a, b) => a - b) as PermissionCode[];
}

function mapRoleConflict(error: unknown): never {
  if (error instanceof QueryFailedError) {
    const constraint = (error.driverError as { constraint?: string } | undefined)?.constraint;
    if (constraint === 'uq_role_tenant_name')
      throw new RolesException(
        RolesErrorCode.ROLE_NAME_TAKEN,
        'A role with this name already exists',
        HttpStatus.CONFLICT,
        'name',
      );
    if (constraint === 'uq_role_tenant_code')
      throw new RolesException(
        RolesErrorCode.ROLE_CODE_TAKEN,
        'A role with this code already exists',
        HttpStatus.CONFLICT,
        'code',
      );
  }
  throw error;
}

/** Roles of one tenant, each a set of menus (permission codes). */
@Injectable()
export class RolesService {
  constructor(
    private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  async list(actor: TenantActor): Promise<RoleRow[]> {
    const roles = await this.db.getRepository(RoleEntity).find({
      where: { tenantId: actor.tenantId },
      relations: { menus: true },
      // Default roles share one transaction timestamp; the name keeps their order stable.
      order: { createdAt: 'ASC', name: 'ASC', id: 'ASC' },
    });
    const counts = await this.userCounts(actor.tenantId);
    return roles.map((r) => this.toRow(r, counts.get(r.id) ?? 0));
  }

  async get(actor: TenantActor, id: string, m: EntityManager = this.db.manager): Promise<RoleRow> {
    const role = await this.load(m, actor.tenantId, id);
    const counts = await this.userCounts(actor.tenantId, m);
    return this.toRow(role, counts.get(id) ?? 0);
  }

  private async load(m: EntityManager, tenantId: string, id: string): Promise<RoleEntity> {
    const role = await m
      .getRepository(RoleEntity)
      .findOne({ where: { id, tenantId }, relations: { menus: true } });
    if (!role) throw roleNotFound();
    return role;
  }

  async create(actor: TenantActor, body: CreateRoleDto): Promise<RoleRow> {
    return this.db
      .transaction(async (m) => {
        const repo = m.getRepository(RoleEntity);
        const saved = await repo.save(
          repo.create({
            tenantId: actor.tenantId,
            name: body.name.trim(),
            code: body.code ?? generateRoleCode(),
            active: body.active ?? true,
            menus: this.menus(body.menuCodes),
          }),
        );
        const row = await this.get(actor, saved.id, m);
        await this.audit.record(
          actor,
          { action: 'role.create', entityType: 'role', entityId: saved.id, after: row },
          m,
        );
        return row;
      })
      .catch(mapRoleConflict);
  }

  async update(actor: TenantActor, id: string, body: UpdateRoleDto): Promise<RoleRow> {
    return this.db
      .transaction(async (m) => {
        const role = await this.load(m, actor.tenantId, id);
        const before = this.toRow(role, 0);
        if (body.name !== undefined) role.name = body.name.trim();
        if (body.code !== undefined) role.code = body.code;
        if (body.active !== undefined) role.active = body.active;
        if (body.menuCodes !== undefined) role.menus = this.menus(body.menuCodes);
        await this.guardOwnAdminAccess(m, actor, role);
        await m.getRepository(RoleEntity).save(role);
        const row = await this.get(actor, id, m);
        const action =
          Object.keys(body).length === 1 && body.active !== undefined ? 'role.active' : 'role.update';
        await this.audit.record(
          actor,
          {
            action,
            entityType: 'role',
            entityId: id,
            before: { ...before, userCount: undefined },
            after: { ...row, userCount: undefined },
          },
          m,
        );
        return row;
      })
      .catch(mapRoleConflict);
  }

  async remove(actor: TenantActor, id: string): Promise<void> {
    await this.db.transaction(async (m) => {
      const role = await this.load(m, actor.tenantId, id);
      const users = await m
        .getRepository(UserEntity)
        .count({ where: { roleId: id, tenantId: actor.tenantId } });
      if (users > 0)
        throw new RolesException(
          RolesErrorCode.ROLE_IN_USE,
          `This role is held by ${users} user${users === 1 ? '' : 's'}; give them another role first`,
          HttpStatus.CONFLICT,
        );
      await m.getRepository(RoleEntity).delete({ id, tenantId: actor.tenantId });
      await this.audit.record(
        actor,
        { action: 'role.delete', entityType: 'role', entityId: id, before: this.toRow(role, 0) },
        m,
      );
    });
  }

  /** An admin cannot take Admin (2000) away from their own role, or switch it off: nobody could undo it. */
  private async guardOwnAdminAccess(m: EntityManager, actor: TenantActor, role: RoleEntity): Promise<void> {
    const me = await m
      .getRepository(UserEntity)
      .findOne({ where: { id: actor.userId }, select: { id: true, roleId: true } });
    if (me?.roleId !== role.id) return;
    if (!role.active || !codesOf(role).includes(Permission.Admin))
      throw new RolesException(
        RolesErrorCode.OWN_ADMIN_ACCESS,
        'You cannot remove Admin (2000) from your own role or deactivate it',
        HttpStatus.CONFLICT,
      );
  }

  private menus(codes: number[]): MenuEntity[] {
    return [...new Set(codes)].map((code) => Object.assign(new MenuEntity(), { code }));
  }

  private async userCounts(
    tenantId: string,
    m: EntityManager = this.db.manager,
  ): Promise<Map<string, number>> {
    const rows: { role_id: string; n: string }[] = await m.query(
      `SELECT role_id, count(*) AS n FROM app_user WHERE tenant_id = $1 AND role_id IS NOT NULL GROUP BY role_id`,
      [tenantId],
    );
    return new Map(rows.map((r) => [r.role_id, Number(r.n)]));
  }

  private toRow(r: RoleEntity, userCount: number): RoleRow {
    return {
      id: r.id,
      name: r.name,
      code: r.code,
      active: r.active,
      menuCodes: codesOf(r),
      userCount,
      createdAt: r.createdAt.toISOString(),
    };
  }
}
