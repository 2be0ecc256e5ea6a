import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, Repository, type EntityManager } from 'typeorm';
import type { AuthTokens } from '@pondesk/contracts';
import {
  AuthSessionEntity,
  RefreshTokenEntity,
  returnedRows,
  type UserEntity,
} from '@pondesk/server-database';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokenService } from '../../common/auth/access-token.service';
import { SessionRevocations } from '../../common/auth/session-revocations';
import { randomToken, sha256 } from '../../common/crypto/tokens';
import { sessionEnded } from './identity.exception';

/** A session lives this long without a refresh; every refresh pushes the end out again. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/**
 * A refresh token presented again this soon after its first use is two tabs (or a reload) refreshing at
 * the same moment, not theft: it gets tokens of its own. Later reuse ends the session.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** Sessions, their rotating refresh tokens and the access tokens they issue. */
@Injectable()
export class SessionService {
  constructor(
    private readonly db: DataSource,
    @InjectRepository(AuthSessionEntity) private readonly sessions: Repository<AuthSessionEntity>,
    private readonly access: AccessTokenService,
    private readonly revocations: SessionRevocations,
  ) {}

  async startForUser(user: Pick<UserEntity, 'id' | 'tenantId'>, client: ClientInfo): Promise<AuthTokens> {
    const session = await this.sessions.save(
      this.sessions.create({
        userId: user.id,
        isPlatformAdmin: false,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
        revokedAt: null,
        createdIp: client.ip?.slice(0, 64) ?? null,
        userAgent: client.userAgent?.slice(0, 255) ?? null,
      }),
    );
    return this.issue(session, this.access.sign({ sub: user.id, tid: user.tenantId, sid: session.id }));
  }

  async startForPlatformAdmin(username: string, client: ClientInfo): Promise<AuthTokens> {
    const session = await this.sessions.save(
      this.sessions.create({
        userId: null,
        isPlatformAdmin: true,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
        revokedAt: null,
        createdIp: client.ip?.slice(0, 64) ?? null,
        userAgent: client.userAgent?.slice(0, 255) ?? null,
      }),
    );
    return this.issue(session, this.platformToken(username, session.id));
  }

  /**
   * Trades a refresh token for a new pair. Each refresh token works once; presenting a used one means
   * it was copied, so the whole session is revoked.
   */
  async refresh(
    raw: string,
    platformUsername: string | undefined,
  ): Promise<{ tokens: AuthTokens; session: AuthSessionEntity }> {
    const outcome = await this.db.transaction(
      async (
        m,
      ): Promise<{ tokens: AuthTokens; session: AuthSessionEntity } | { reusedSessionId: string }> => {
        const token = await m.getRepository(RefreshTokenEntity).findOne({
          where: { tokenHash: sha256(raw) },
          relations: { session: true },
        });
        const session = token?.session;
        if (!token || !session) throw sessionEnded();
        if (session.revokedAt || session.expiresAt.getTime() <= Date.now()) throw sessionEnded();
        const claimed = await m
          .createQueryBuilder()
          .update(RefreshTokenEntity)
          .set({ usedAt: () => 'now()' })
          .where('id = :id AND used_at IS NULL', { id: token.id })
          .execute();
        if (claimed.affected !== 1) {
          const [used]: { used_at: Date | null }[] = await m.query(
            'SELECT used_at FROM refresh_token WHERE id = $1',
            [token.id],
          );
          const age = used?.used_at ? Date.now() - used.used_at.getTime() : Infinity;
          if (!(age >= 0 && age < REFRESH_REUSE_GRACE_MS)) return { reusedSessionId: session.id };
        }
        session.expiresAt = new Date(Date.now() + SESSION_TTL_MS);
        await m.getRepository(AuthSessionEntity).update(session.id, { expiresAt: session.expiresAt });
        let accessToken: string;
        if (session.isPlatformAdmin) {
          if (!platformUsername) throw sessionEnded();
          accessToken = this.platformToken(platformUsername, session.id);
        } else {
          const user: { id: string; tenant_id: string; status: string; tenant_status: string }[] =
            await m.query(
              `SELECT u.id, u.tenant_id, u.status, t.status AS tenant_status
             FROM app_user u JOIN tenant t ON t.id = u.tenant_id WHERE u.id = $1`,
              [session.userId],
            );
          // A held user or tenant gets no new tokens (holds also revoke sessions; this covers races).
          if (!user[0] || user[0].status !== 'active' || user[0].tenant_status !== 'active')
            throw sessionEnded();
          accessToken = this.access.sign({ sub: user[0].id, tid: user[0].tenant_id, sid: session.id });
        }
        return { tokens: await this.issue(session, accessToken, m), session };
      },
    );
    if ('reusedSessionId' in outcome) {
      // Revoked outside the transaction above so the revocation is not rolled back with it.
      await this.revokeSession(outcome.reusedSessionId);
      throw sessionEnded();
    }
    return outcome;
  }

  async sessionOfRefreshToken(raw: string): Promise<AuthSessionEntity | null> {
    const token = await this.db.getRepository(RefreshTokenEntity).findOne({
      where: { tokenHash: sha256(raw) },
      relations: { session: true },
    });
    return token?.session ?? null;
  }

  /**
   * Every revocation goes through here or `revokeAllForUser`: besides the row, the session's open sockets
   * are closed on every API instance once the change is committed.
   */
  async revokeSession(sessionId: string, manager?: EntityManager): Promise<void> {
    const repo = (manager ?? this.db.manager).getRepository(AuthSessionEntity);
    await repo.update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date() });
    this.revocations.announce([sessionId], manager);
  }

  /** Ends every session of a user (hold, password change or reset), optionally keeping one. */
  async revokeAllForUser(userId: string, manager?: EntityManager, keepSessionId?: string): Promise<void> {
    const qb = (manager ?? this.db.manager)
      .createQueryBuilder()
      .update(AuthSessionEntity)
      .set({ revokedAt: () => 'now()' })
      .where('user_id = :userId AND revoked_at IS NULL', { userId });
    if (keepSessionId) qb.andWhere('id <> :keep', { keep: keepSessionId });
    const result = await qb.returning('id').execute();
    const rows = Array.isArray(result.raw) ? (result.raw as { id: string }[]) : [];
    this.revocations.announce(
      rows.map((r) => r.id),
      manager,
    );
  }

  /** Ends every session of every user of a tenant (the tenant put on hold). */
  async revokeAllForTenant(tenantId: string, manager?: EntityManager): Promise<void> {
    const result: unknown = await (manager ?? this.db.manager).query(
      `UPDATE auth_session s SET revoked_at = now()
         FROM app_user u
        WHERE u.id = s.user_id AND u.tenant_id = $1 AND s.revoked_at IS NULL
       RETURNING s.id`,
      [tenantId],
    );
    const rows = returnedRows<{ id: string }>(result);
    this.revocations.announce(
      rows.map((r) => r.id),
      manager,
    );
  }

  private platformToken(username: string, sessionId: string): string {
    return this.access.sign({ sub: username, tid: '', sid: sessionId, pa: true });
  }

  private async issue(
    session: AuthSessionEntity,
    accessToken: string,
    manager?: EntityManager,
  ): Promise<AuthTokens> {
    const refreshToken = randomToken();
    await (manager ?? this.db.manager)
      .getRepository(RefreshTokenEntity)
      .insert({ sessionId: session.id, tokenHash: sha256(refreshToken), usedAt: null });
    return { accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS, refreshToken };
  }
}
