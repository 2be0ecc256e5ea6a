import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isPermissionCode, type PermissionCode, type Profile, type SessionUser } from '@pondesk/contracts';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { photoUrl } from './photo-storage.service';

interface ProfileRow {
  id: string;
  username: string;
  email: string;
  tenant_id: string;
  contact_number: string | null;
  address: string | null;
  photo_file: string | null;
  status: 'active' | 'hold';
  isp_name: string | null;
  profile_confirmed: boolean;
  role_name: string | null;
  permissions: number[];
}

/** Reads who a user is, as the session and profile screens show it. */
@Injectable()
export class IdentityService {
  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async profile(userId: string, tenantId?: string): Promise<Profile> {
    const rows: ProfileRow[] = await this.db.query(
      `SELECT u.id, u.username, u.email, u.tenant_id, u.contact_number, u.address, u.photo_file, u.status,
              t.isp_name, t.profile_confirmed, r.name AS role_name,
              COALESCE(array_agg(m.code ORDER BY m.code) FILTER (WHERE m.active AND r.active), '{}') AS permissions
         FROM app_user u
         JOIN tenant t ON t.id = u.tenant_id
         LEFT JOIN role r ON r.id = u.role_id
         LEFT JOIN role_menu rm ON rm.role_id = r.id
         LEFT JOIN menu m ON m.code = rm.menu_code
        WHERE u.id = $1 AND ($2::uuid IS NULL OR u.tenant_id = $2)
        GROUP BY u.id, t.id, r.id`,
      [userId, tenantId ?? null],
    );
    const row = rows[0];
    if (!row) throw new NotFoundException('User not found');
    return {
      id: row.id,
      username: row.username,
      email: row.email,
      tenantId: row.tenant_id,
      ispName: row.isp_name,
      roleName: row.role_name,
      permissions: row.permissions.filter(isPermissionCode) as PermissionCode[],
      photoUrl: photoUrl(row.photo_file),
      profileConfirmed: row.profile_confirmed,
      isPlatformAdmin: false,
      contactNumber: row.contact_number,
      address: row.address,
      status: row.status,
    };
  }

  async sessionUser(userId: string): Promise<SessionUser> {
    const { contactNumber: _c, address: _a, status: _s, ...user } = await this.profile(userId);
    return user;
  }

  platformAdmin(): SessionUser {
    return {
      id: 'platform',
      username: this.config.PLATFORM_ADMIN_USERNAME ?? 'platform',
      email: '',
      tenantId: null,
      ispName: null,
      roleName: 'Platform administrator',
      permissions: [],
      photoUrl: null,
      profileConfirmed: true,
      isPlatformAdmin: true,
    };
  }
}
