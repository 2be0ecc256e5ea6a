import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { IDENTITY_MESSAGES, type AuthResponse } from '@pondesk/contracts';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { PasswordResetEntity, UserEntity } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { randomToken, safeEqual, sha256 } from '../../common/crypto/tokens';
import { RateLimiterService } from '../../common/rate-limit/rate-limiter.service';
import { AuditService } from '../audit/audit.service';
import { MailService } from '../notifications/mail.service';
import { IdentityService } from '../identity/identity.service';
import { PasswordService } from '../identity/password.service';
import { RateRules } from '../identity/rate-rules';
import { SessionService, type ClientInfo } from '../identity/session.service';
import { TenantProvisioningService } from '../identity/tenant-provisioning.service';
import { assertIdentityFree, mapUniqueViolation } from '../identity/user-uniqueness';
import { AuthErrorCode, AuthException } from './auth.exception';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

const invalidCredentials = () =>
  new AuthException(
    AuthErrorCode.INVALID_CREDENTIALS,
    IDENTITY_MESSAGES.invalidCredentials,
    HttpStatus.UNAUTHORIZED,
  );
const onHold = () =>
  new AuthException(AuthErrorCode.ACCOUNT_ON_HOLD, IDENTITY_MESSAGES.accountOnHold, HttpStatus.FORBIDDEN);

export interface NewAccount {
  username: string;
  email: string;
  password: string;
  /** Field the username came in, for error messages (`name` on the full form). */
  usernameField: string;
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionService,
    private readonly identity: IdentityService,
    private readonly provisioning: TenantProvisioningService,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiterService,
    private readonly mail: MailService,
  ) {}

  /** Registration creates a tenant whose first user is its admin with every code, and signs in. */
  async register(input: NewAccount, client: ClientInfo, message: string): Promise<AuthResponse> {
    const passwordHash = await this.passwords.hash(input.password);
    const { user } = await this.db
      .transaction(async (m) => {
        await assertIdentityFree(m, input, {
          reservedUsername: this.config.PLATFORM_ADMIN_USERNAME,
          usernameField: input.usernameField,
        });
        const created = await this.provisioning.provision(m, {
          ispName: null,
          username: input.username,
          email: input.email,
          passwordHash,
        });
        const actor: TenantActor = {
          kind: 'tenant',
          userId: created.user.id,
          tenantId: created.tenant.id,
          sessionId: '',
          username: created.user.username,
          permissions: [],
          ip: client.ip,
        };
        await this.audit.record(
          actor,
          {
            action: 'tenant.register',
            entityType: 'tenant',
            entityId: created.tenant.id,
            after: { username: created.user.username, email: created.user.email },
          },
          m,
        );
        return created;
      })
      .catch((error: unknown) => mapUniqueViolation(error, input.usernameField));
    const tokens = await this.sessions.startForUser(user, client);
    return { ...tokens, user: await this.identity.sessionUser(user.id), message };
  }

  async login(login: string, password: string, client: ClientInfo): Promise<AuthResponse> {
    const account = login.trim().toLowerCase();
    const ip = client.ip ?? 'unknown';
    const buckets = [
      { rule: RateRules.loginFailuresPerIp, subject: ip },
      { rule: RateRules.loginFailuresPerAccount, subject: account },
    ];
    await this.limiter.check(buckets);

    const platform = this.config.PLATFORM_ADMIN_USERNAME;
    const platformPassword = this.config.PLATFORM_ADMIN_PASSWORD;
    if (platform && platformPassword && account === platform.toLowerCase()) {
      if (!safeEqual(sha256(password), sha256(platformPassword))) return this.failLogin(buckets);
      await this.limiter.reset(RateRules.loginFailuresPerAccount, account);
      const tokens = await this.sessions.startForPlatformAdmin(platform, client);
      return { ...tokens, user: this.identity.platformAdmin() };
    }

    const user = await this.db.getRepository(UserEntity).findOne({
      where: account.includes('@') ? { email: account } : { username: account },
      relations: { tenant: true },
    });
    if (!(await this.passwords.verify(user?.passwordHash ?? null, password)) || !user)
      return this.failLogin(buckets);
    if (user.status !== 'active' || user.tenant?.status !== 'active') throw onHold();
    await this.limiter.reset(RateRules.loginFailuresPerAccount, account);
    const tokens = await this.sessions.startForUser(user, client);
    return { ...tokens, user: await this.identity.sessionUser(user.id) };
  }

  private async failLogin(buckets: Parameters<RateLimiterService['hit']>[0]): Promise<never> {
    // The failure is counted; going over the limit shows on the next attempt, this one is just wrong.
    await this.limiter.hit(buckets).catch(() => undefined);
    throw invalidCredentials();
  }

  async refresh(raw: string): Promise<AuthResponse> {
    const { tokens, session } = await this.sessions.refresh(raw, this.config.PLATFORM_ADMIN_USERNAME);
    if (session.isPlatformAdmin) return { ...tokens, user: this.identity.platformAdmin() };
    return { ...tokens, user: await this.identity.sessionUser(session.userId ?? '') };
  }

  async logout(sessionId: string, userId: string | null, refreshToken?: string): Promise<void> {
    await this.sessions.revokeSession(sessionId);
    if (!refreshToken) return;
    const other = await this.sessions.sessionOfRefreshToken(refreshToken);
    // Only the caller's own sessions: a stolen refresh token of someone else is not a logout lever.
    if (other && other.userId === userId) await this.sessions.revokeSession(other.id);
  }

  /** Mails a single-use reset link (30 minutes) pointing only at the app's own origin. */
  async forgotPassword(
    email: string,
    client: ClientInfo,
    localPort: number | undefined,
  ): Promise<{ message: string }> {
    const address = email.trim().toLowerCase();
    await this.limiter.hit([
      { rule: RateRules.resetRequestsPerIp, subject: client.ip ?? 'unknown' },
      { rule: RateRules.resetRequestsPerAccount, subject: address },
    ]);
    const origin = this.resetOrigin(localPort);
    const user = await this.db.getRepository(UserEntity).findOne({ where: { email: address } });
    if (!user)
      throw new AuthException(
        AuthErrorCode.EMAIL_NOT_REGISTERED,
        IDENTITY_MESSAGES.emailNotRegistered,
        HttpStatus.NOT_FOUND,
        'email',
      );
    const token = randomToken(32);
    await this.db.transaction(async (m) => {
      // A new link replaces any earlier one.
      await m
        .getRepository(PasswordResetEntity)
        .update({ userId: user.id, usedAt: IsNull() }, { usedAt: new Date() });
      await m.getRepository(PasswordResetEntity).insert({
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
        usedAt: null,
      });
    });
    const link = `${origin}/password/reset?email=${encodeURIComponent(user.email)}&token=${encodeURIComponent(token)}`;
    await this.mail.send({
      to: user.email,
      subject: 'Reset your PonDesk password',
      text: `Hello ${user.username},\n\nOpen this link within 30 minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.\n`,
      link,
    });
    return { message: IDENTITY_MESSAGES.resetMailSent };
  }

  /**
   * APP_ORIGIN, else (outside production) this server on localhost. Never the request's Host header:
   * a client could name any host there and have a working reset token mailed to point at it.
   */
  private resetOrigin(localPort: number | undefined): string {
    if (this.config.APP_ORIGIN) return new URL(this.config.APP_ORIGIN).origin;
    if (this.config.NODE_ENV === 'production' || !localPort)
      throw new AuthException(
        AuthErrorCode.RESET_NOT_CONFIGURED,
        'Password reset is not configured (APP_ORIGIN is not set)',
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    return `http://localhost:${localPort}`;
  }

  async resetPassword(
    input: { email: string; token: string; password: string },
    client: ClientInfo,
  ): Promise<AuthResponse> {
    await this.limiter.hit([{ rule: RateRules.resetConfirmsPerIp, subject: client.ip ?? 'unknown' }]);
    const invalid = () =>
      new AuthException(
        AuthErrorCode.RESET_TOKEN_INVALID,
        IDENTITY_MESSAGES.resetLinkInvalid,
        HttpStatus.BAD_REQUEST,
        'token',
      );
    const reset = await this.db.getRepository(PasswordResetEntity).findOne({
      where: { tokenHash: sha256(input.token) },
      relations: { user: { tenant: true } },
    });
    const user = reset?.user;
    if (!reset || !user || reset.usedAt || reset.expiresAt.getTime() <= Date.now()) throw invalid();
    if (user.email !== input.email.trim().toLowerCase()) throw invalid();
    if (user.status !== 'active' || user.tenant?.status !== 'active') throw onHold();
    const passwordHash = await this.passwords.hash(input.password);
    await this.db.transaction(async (m) => {
      const claimed = await m
        .createQueryBuilder()
        .update(PasswordResetEntity)
        .set({ usedAt: () => 'now()' })
        .where('id = :id AND used_at IS NULL', { id: reset.id })
        .execute();
      if (claimed.affected !== 1) throw invalid();
      await m.getRepository(UserEntity).update(user.id, { passwordHash });
      await this.sessions.revokeAllForUser(user.id, m);
      await this.audit.record(
        {
          kind: 'tenant',
          userId: user.id,
          tenantId: user.tenantId,
          sessionId: '',
          username: user.username,
          permissions: [],
          ip: client.ip,
        },
        { action: 'user.password-reset', entityType: 'user', entityId: user.id },
        m,
      );
    });
    this.logger.log({ userId: user.id }, 'password reset');
    const tokens = await this.sessions.startForUser(user, client);
    return {
      ...tokens,
      user: await this.identity.sessionUser(user.id),
      message: IDENTITY_MESSAGES.passwordChangedLoggedIn,
    };
  }
}
