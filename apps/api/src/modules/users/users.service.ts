import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { Permission, type Paged, type UserRow } from '@pondesk/contracts';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { BranchEntity, RoleEntity, UserEntity } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { likePattern, pageOf } from '../../common/http/page-query.dto';
import { AuditService } from '../audit/audit.service';
import { PasswordService } from '../identity/password.service';
import { PhotoStorageService, photoUrl } from '../identity/photo-storage.service';
import { SessionService } from '../identity/session.service';
import { assertIdentityFree, mapUniqueViolation } from '../identity/user-uniqueness';
import type { CreateUserDto, UpdateUserDto, UserListQueryDto } from './dto/user.dto';
import { UsersErrorCode, UsersException, userNotFound } from './users.exception';

export function toUserRow(u: UserEntity): UserRow {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    contactNumber: u.contactNumber,
    address: u.address,
    ispName: u.ispName,
    roleId: u.roleId,
    roleName: u.role?.name ?? null,
    branches: (u.branches ?? [])
      .map((b) => ({ id: b.id, name: b.name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    userPrice: Number(u.userPrice),
    sendMsg: u.sendMsg,
    status: u.status,
    photoUrl: photoUrl(u.photoFile),
    createdAt: u.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a user: no password hash, branches by id. */
function auditView(u: UserEntity): Record<string, unknown> {
  const { passwordHash: _p, tenant: _t, role: _r, branches, ...rest } = u;
  return { ...rest, branchIds: (branches ?? []).map((b) => b.id).sort() };
}

/** Staff of one tenant. Every query is scoped by the actor's tenant: other tenants' ids are 404. */
@Injectable()
export class UsersService {
  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionService,
    private readonly photos: PhotoStorageService,
    private readonly audit: AuditService,
  ) {}

  async list(actor: TenantActor, query: UserListQueryDto): Promise<Paged<UserRow>> {
    const { page, pageSize, skip } = pageOf(query);
    const qb = this.db
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .leftJoinAndSelect('u.role', 'r')
      .leftJoinAndSelect('u.branches', 'b')
      .where('u.tenant_id = :tenantId', { tenantId: actor.tenantId })
      .orderBy('u.created_at', 'ASC')
      .addOrderBy('u.id', 'ASC')
      .skip(skip)
      .take(pageSize);
    if (query.search)
      qb.andWhere(
        '(u.username ILIKE :s OR u.email ILIKE :s OR u.contact_number ILIKE :s OR r.name ILIKE :s)',
        {
          s: likePattern(query.search),
        },
      );
    const [users, total] = await qb.getManyAndCount();
    return { items: users.map(toUserRow), total, page, pageSize };
  }

  async get(actor: TenantActor, id: string, m: EntityManager = this.db.manager): Promise<UserRow> {
    return toUserRow(await this.load(m, actor.tenantId, id));
  }

  private async load(m: EntityManager, tenantId: string, id: string): Promise<UserEntity> {
    const user = await m.getRepository(UserEntity).findOne({
      where: { id, tenantId },
      relations: { role: true, branches: true },
    });
    if (!user) throw userNotFound();
    return user;
  }

  /** Role and branch ids must name rows of the actor's tenant; anything else is a bad field. */
  private async resolveRefs(
    m: EntityManager,
    tenantId: string,
    roleId: string | undefined,
    branchIds: string[] | undefined,
  ): Promise<{ role?: RoleEntity; branches?: BranchEntity[] }> {
    const out: { role?: RoleEntity; branches?: BranchEntity[] } = {};
    if (roleId !== undefined) {
      const role = await m.getRepository(RoleEntity).findOne({ where: { id: roleId, tenantId } });
      if (!role)
        throw new UsersException(
          UsersErrorCode.ROLE_NOT_FOUND,
          'roleId names no role of this account',
          HttpStatus.BAD_REQUEST,
          'roleId',
        );
      out.role = role;
    }
    if (branchIds !== undefined) {
      const unique = [...new Set(branchIds.map((b) => b.toLowerCase()))];
      const branches = unique.length
        ? await m.getRepository(BranchEntity).find({ where: { id: In(unique), tenantId } })
        : [];
      if (branches.length !== unique.length)
        throw new UsersException(
          UsersErrorCode.BRANCH_NOT_FOUND,
          'branchIds names a branch this account does not have',
          HttpStatus.BAD_REQUEST,
          'branchIds',
        );
      out.branches = branches;
    }
    return out;
  }

  async create(actor: TenantActor, body: CreateUserDto): Promise<UserRow> {
    const passwordHash = body.password ? await this.passwords.hash(body.password) : null;
    return this.db
      .transaction(async (m) => {
        await assertIdentityFree(m, body, { reservedUsername: this.config.PLATFORM_ADMIN_USERNAME });
        const refs = await this.resolveRefs(m, actor.tenantId, body.roleId, body.branchIds);
        const role =
          refs.role ??
          (await m
            .getRepository(RoleEntity)
            .findOne({ where: { tenantId: actor.tenantId, code: 'USER' } })) ??
          null;
        const repo = m.getRepository(UserEntity);
        const saved = await repo.save(
          repo.create({
            tenantId: actor.tenantId,
            username: body.username.toLowerCase(),
            email: body.email.toLowerCase(),
            passwordHash,
            contactNumber: body.contactNumber ?? null,
            address: body.address ?? null,
            ispName: body.ispName ?? null,
            photoFile: null,
            status: 'active',
            roleId: role?.id ?? null,
            branches: refs.branches ?? [],
            userPrice: String(body.userPrice ?? 0),
            sendMsg: body.sendMsg ?? false,
          }),
        );
        const created = await this.load(m, actor.tenantId, saved.id);
        await this.audit.record(
          actor,
          { action: 'user.create', entityType: 'user', entityId: saved.id, after: auditView(created) },
          m,
        );
        return toUserRow(created);
      })
      .catch((error: unknown) => mapUniqueViolation(error));
  }

  async update(actor: TenantActor, id: string, body: UpdateUserDto): Promise<UserRow> {
    const passwordHash = body.password ? await this.passwords.hash(body.password) : undefined;
    return this.db
      .transaction(async (m) => {
        const before = await this.load(m, actor.tenantId, id);
        await assertIdentityFree(m, body, {
          exceptUserId: id,
          reservedUsername: this.config.PLATFORM_ADMIN_USERNAME,
        });
        const refs = await this.resolveRefs(m, actor.tenantId, body.roleId, body.branchIds);
        const next = m.getRepository(UserEntity).create({ ...before, role: undefined });
        if (body.username !== undefined) next.username = body.username.toLowerCase();
        if (body.email !== undefined) next.email = body.email.toLowerCase();
        if (body.contactNumber !== undefined) next.contactNumber = body.contactNumber;
        if (body.address !== undefined) next.address = body.address;
        if (body.ispName !== undefined) next.ispName = body.ispName;
        if (refs.role && id === actor.userId && refs.role.id !== before.roleId) {
          // Taking Admin away from oneself could leave the account with nobody able to give it back.
          const codes: { menu_code: number }[] = await m.query(
            `SELECT rm.menu_code FROM role_menu rm JOIN role r ON r.id = rm.role_id WHERE r.id = $1 AND r.active`,
            [refs.role.id],
          );
          if (!codes.some((c) => c.menu_code === Permission.Admin))
            throw new UsersException(
              UsersErrorCode.CANNOT_CHANGE_SELF,
              'You cannot give yourself a role without Admin (2000)',
              HttpStatus.CONFLICT,
              'roleId',
            );
        }
        if (refs.role) next.roleId = refs.role.id;
        if (refs.branches) next.branches = refs.branches;
        if (body.userPrice !== undefined) next.userPrice = String(body.userPrice);
        if (body.sendMsg !== undefined) next.sendMsg = body.sendMsg;
        if (passwordHash) next.passwordHash = passwordHash;
        await m.getRepository(UserEntity).save(next);
        // A password set by an admin signs the user out everywhere (except the admin's own session).
        if (passwordHash) await this.sessions.revokeAllForUser(id, m, actor.sessionId);
        const after = await this.load(m, actor.tenantId, id);
        await this.audit.record(
          actor,
          {
            action: 'user.update',
            entityType: 'user',
            entityId: id,
            before: auditView(before),
            after: { ...auditView(after), ...(passwordHash ? { passwordChanged: true } : {}) },
          },
          m,
        );
        return toUserRow(after);
      })
      .catch((error: unknown) => mapUniqueViolation(error));
  }

  async setStatus(actor: TenantActor, id: string, status: 'active' | 'hold'): Promise<UserRow> {
    if (id === actor.userId)
      throw new UsersException(
        UsersErrorCode.CANNOT_CHANGE_SELF,
        'You cannot hold your own account',
        HttpStatus.CONFLICT,
      );
    return this.db.transaction(async (m) => {
      const before = await this.load(m, actor.tenantId, id);
      await m.getRepository(UserEntity).update({ id, tenantId: actor.tenantId }, { status });
      if (status === 'hold') await this.sessions.revokeAllForUser(id, m);
      await this.audit.record(
        actor,
        {
          action: 'user.status',
          entityType: 'user',
          entityId: id,
          before: { status: before.status },
          after: { status },
        },
        m,
      );
      return this.get(actor, id, m);
    });
  }

  async remove(actor: TenantActor, id: string): Promise<void> {
    if (id === actor.userId)
      throw new UsersException(
        UsersErrorCode.CANNOT_CHANGE_SELF,
        'You cannot delete your own account',
        HttpStatus.CONFLICT,
      );
    const photo = await this.db.transaction(async (m) => {
      const before = await this.load(m, actor.tenantId, id);
      await m.getRepository(UserEntity).delete({ id, tenantId: actor.tenantId });
      await this.audit.record(
        actor,
        { action: 'user.delete', entityType: 'user', entityId: id, before: auditView(before) },
        m,
      );
      return before.photoFile;
    });
    if (photo) await this.photos.remove(photo);
  }
}
