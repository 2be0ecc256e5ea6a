import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PERMISSION_CODES, Permission } from '@pondesk/contracts';
import { APP_CONFIG, SecretBox, type AppConfig } from '@pondesk/server-config';
import { MenuEntity, RoleEntity, TenantEntity, UserEntity } from '@pondesk/server-database';
import { randomToken } from '../../common/crypto/tokens';

/** Roles every new tenant starts with (spec 3 §2.1: Admin, User, Guest; new users default to User). */
const DEFAULT_ROLES: { name: string; code: string; menus: readonly number[] }[] = [
  { name: 'Admin', code: 'ADMIN', menus: PERMISSION_CODES },
  { name: 'User', code: 'USER', menus: [Permission.Dashboard] },
  { name: 'Guest', code: 'GUEST', menus: [] },
];

export interface NewTenant {
  ispName: string | null;
  username: string;
  email: string;
  passwordHash: string;
}

/** Creates a tenant, its default roles and its first user (admin, every code), in the caller's transaction. */
@Injectable()
export class TenantProvisioningService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async provision(m: EntityManager, input: NewTenant): Promise<{ tenant: TenantEntity; user: UserEntity }> {
    const tenant = await m.getRepository(TenantEntity).save(
      m.getRepository(TenantEntity).create({
        ispName: input.ispName,
        contactNumber: null,
        address: null,
        profileConfirmed: false,
        ingestSecretEnc: new SecretBox(this.config.ENCRYPTION_KEY).seal(randomToken(24)),
        status: 'active',
      }),
    );
    let adminRoleId = '';
    for (const def of DEFAULT_ROLES) {
      const role = await m.getRepository(RoleEntity).save(
        m.getRepository(RoleEntity).create({
          tenantId: tenant.id,
          name: def.name,
          code: def.code,
          active: true,
          menus: def.menus.map((code) => Object.assign(new MenuEntity(), { code })),
        }),
      );
      if (def.code === 'ADMIN') adminRoleId = role.id;
    }
    const user = await m.getRepository(UserEntity).save(
      m.getRepository(UserEntity).create({
        tenantId: tenant.id,
        username: input.username.toLowerCase(),
        email: input.email.toLowerCase(),
        passwordHash: input.passwordHash,
        status: 'active',
        roleId: adminRoleId,
        contactNumber: null,
        address: null,
        ispName: input.ispName,
        photoFile: null,
        userPrice: '0',
        sendMsg: false,
      }),
    );
    return { tenant, user };
  }
}
