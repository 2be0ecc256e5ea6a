import { createSecretKey, type KeyObject } from 'node:crypto';
import { HttpStatus, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { isPermissionCode, type AccessTokenClaims, type PermissionCode } from '@pondesk/contracts';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { preparedQuery } from '@pondesk/server-database';
import type { Actor, TenantActor } from './actor';

/** Access tokens live briefly; the session behind them is what logout and holds revoke. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export enum AccessErrorCode {
  TOKEN_MISSING = 'TOKEN_MISSING',
  TOKEN_INVALID = 'TOKEN_INVALID',
  SESSION_REVOKED = 'SESSION_REVOKED',
  ACCOUNT_ON_HOLD = 'ACCOUNT_ON_HOLD',
  PERMISSION_DENIED = 'PERMISSION_DENIED',
  ROUTE_NOT_DECLARED = 'ROUTE_NOT_DECLARED',
  PLATFORM_ONLY = 'PLATFORM_ONLY',
  TENANT_ONLY = 'TENANT_ONLY',
}

export function unauthorized(code: AccessErrorCode, message: string): UnauthorizedException {
  return new UnauthorizedException({ statusCode: HttpStatus.UNAUTHORIZED, message, code });
}

interface SessionRow {
  session_id: string;
  revoked_at: Date | null;
  expires_at: Date;
  is_platform_admin: boolean;
  user_id: string | null;
  username: string | null;
  user_status: string | null;
  tenant_id: string | null;
  tenant_status: string | null;
  permissions: number[] | null;
}

/**
 * Signs access tokens and turns a presented one into an `Actor`. Every check reads the session, user,
 * tenant and role from the database, so logout, holds and role edits take effect at once.
 */
@Injectable()
export class AccessTokenService {
  private readonly jwt = new JwtService();
  /**
   * The signing key as a key object, made once: given the secret as text, jsonwebtoken first tries to
   * parse it as a public key on every call (about 0.5 ms each, a tenth of the API's CPU on a list route).
   * The types of @nestjs/jwt say string | Buffer; jsonwebtoken takes a KeyObject as it is.
   */
  private readonly key: KeyObject;

  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = createSecretKey(Buffer.from(config.JWT_SECRET, 'utf8'));
  }

  sign(claims: Omit<AccessTokenClaims, 'typ'>): string {
    return this.jwt.sign(
      { ...claims, typ: 'access' },
      { secret: this.key as unknown as Buffer, expiresIn: ACCESS_TOKEN_TTL_SECONDS, algorithm: 'HS256' },
    );
  }

  async verifyClaims(token: string): Promise<AccessTokenClaims> {
    try {
      const claims = await this.jwt.verifyAsync<AccessTokenClaims>(token, {
        secret: this.key as unknown as Buffer,
        algorithms: ['HS256'],
      });
      if (claims.typ !== 'access' || typeof claims.sub !== 'string') throw new Error('not an access token');
      return claims;
    } catch {
      throw unauthorized(AccessErrorCode.TOKEN_INVALID, 'Your session has expired. Please sign in again.');
    }
  }

  /** The actor behind a token, or a 401 saying why not. */
  async resolve(token: string, ip: string | null = null): Promise<Actor> {
    return (await this.resolveWithExpiry(token, ip)).actor;
  }

  /** As `resolve`, with the moment (epoch ms) the token runs out: a socket lives no longer than that. */
  async resolveWithExpiry(
    token: string,
    ip: string | null = null,
  ): Promise<{ actor: Actor; expiresAt: number }> {
    const claims = await this.verifyClaims(token);
    if (!claims.sid || !/^[0-9a-f-]{36}$/i.test(claims.sid))
      throw unauthorized(AccessErrorCode.TOKEN_INVALID, 'Your session has expired. Please sign in again.');
    const exp = (claims as AccessTokenClaims & { exp?: number }).exp;
    // Every token this service signs has an expiry; one without is treated as a token of the default life.
    const expiresAt = typeof exp === 'number' ? exp * 1000 : Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000;
    return { actor: await this.actorOf(claims.sid, claims, ip), expiresAt };
  }

  /** The tenant actor of a live session, read again now (for long-lived sockets); null once it has ended. */
  async sessionActor(sessionId: string): Promise<TenantActor | null> {
    try {
      const actor = await this.actorOf(sessionId, null, null);
      return actor.kind === 'tenant' ? actor : null;
    } catch {
      return null;
    }
  }

  private async actorOf(sid: string, claims: AccessTokenClaims | null, ip: string | null): Promise<Actor> {
    // Run on every request: prepared, so each connection plans the six-table join once.
    const rows = await preparedQuery<SessionRow>(
      this.db,
      `SELECT s.id AS session_id, s.revoked_at, s.expires_at, s.is_platform_admin,
              u.id AS user_id, u.username, u.status AS user_status, u.tenant_id, t.status AS tenant_status,
              COALESCE(array_agg(m.code ORDER BY m.code) FILTER (WHERE m.active AND r.active), '{}') AS permissions
         FROM auth_session s
         LEFT JOIN app_user u ON u.id = s.user_id
         LEFT JOIN tenant t ON t.id = u.tenant_id
         LEFT JOIN role r ON r.id = u.role_id
         LEFT JOIN role_menu rm ON rm.role_id = r.id
         LEFT JOIN menu m ON m.code = rm.menu_code
        WHERE s.id = $1
        GROUP BY s.id, u.id, t.id`,
      [sid],
    );
    const row = rows[0];
    if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now())
      throw unauthorized(AccessErrorCode.SESSION_REVOKED, 'Your session has ended. Please sign in again.');
    if (row.is_platform_admin) {
      if (!claims || claims.pa !== true) throw unauthorized(AccessErrorCode.TOKEN_INVALID, 'Invalid token');
      return { kind: 'platform', sessionId: row.session_id, username: claims.sub, ip };
    }
    if (
      !row.user_id ||
      !row.tenant_id ||
      (claims && (row.user_id !== claims.sub || row.tenant_id !== claims.tid))
    )
      throw unauthorized(AccessErrorCode.TOKEN_INVALID, 'Invalid token');
    if (row.user_status !== 'active' || row.tenant_status !== 'active')
      throw unauthorized(
        AccessErrorCode.ACCOUNT_ON_HOLD,
        'Your account is on hold. Please contact your administrator.',
      );
    const permissions = (row.permissions ?? []).filter(isPermissionCode) as PermissionCode[];
    return {
      kind: 'tenant',
      userId: row.user_id,
      tenantId: row.tenant_id,
      sessionId: row.session_id,
      username: row.username ?? '',
      permissions,
      ip,
    };
  }
}
