import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { IDENTITY_MESSAGES, type AuthResponse, type AuthTokens } from '@pondesk/contracts';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { PasswordResetEntity, UserEntity } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { randomToken, safeEqual, sha256 } from '../../common/crypto/tokens';
import { RateLimiterService, TooManyRequestsException } from '../../common/rate-limit/rate-limiter.service';
import { AuditService } from '../audit/audit.service';
import { MailService, signUpAttemptMail } from '../notifications/mail.service';
import { IdentityService } from '../identity/identity.service';
import { PasswordService } from '../identity/password.service';
import { RateRules } from '../identity/rate-rules';
import { SessionService, type ClientInfo } from '../identity/session.service';
import { TenantProvisioningService } from '../identity/tenant-provisioning.service';
import { accountTaken } from '../identity/identity.exception';
import { identityHolders, mapUniqueViolationNeutrally } from '../identity/user-uniqueness';
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

/** The rate-limit subject of a user account, the same whether they signed in by username or email. */
const accountKey = (userId: string) => `user:${userId}`;

/**
 * A signed-in session as issued: the response and the refresh token, which the controller puts into the
 * httpOnly cookie (the JSON never carries it).
 */
export type IssuedSession = AuthResponse & Pick<AuthTokens, 'refreshToken'>;

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

  /**
   * Registration creates a tenant whose first user is its admin with every code, and signs in.
   *
   * Sign-up and registration share one limit per address (SIGNUPS_PER_IP_PER_HOUR, counted before any
   * work). A taken username or email gets one neutral answer naming both fields, so the form cannot be
   * used to learn which addresses have accounts; the owner of a taken email is mailed instead.
   */
  async register(input: NewAccount, client: ClientInfo, message: string): Promise<IssuedSession> {
    const ip = client.ip ?? 'unknown';
    await this.limiter.hit([
      { rule: { ...RateRules.signUpsPerIp, max: this.config.SIGNUPS_PER_IP_PER_HOUR }, subject: ip },
    ]);
    const passwordHash = await this.passwords.hash(input.password);
    const conflictFields = [input.usernameField, 'email'];
    const { user } = await this.db
      .transaction(async (m) => {
        const holders = await identityHolders(m, input, {
          reservedUsername: this.config.PLATFORM_ADMIN_USERNAME,
        });
        if (holders.emailOwner)
          this.mail.sendInBackground(
            signUpAttemptMail(holders.emailOwner.email, holders.emailOwner.username),
          );
        if (holders.usernameTaken || holders.emailOwner) throw accountTaken(conflictFields);
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
      .catch((error: unknown) => mapUniqueViolationNeutrally(error, conflictFields));
    await this.limiter.remember(RateRules.knownLoginAddresses, accountKey(user.id), ip);
    const tokens = await this.sessions.startForUser(user, client);
    return { ...tokens, user: await this.identity.sessionUser(user.id), message };
  }

  /**
   * Sign-in, with limits an outsider cannot turn against the owner (issue 22, finding 5).
   *
   * Every bucket is keyed by the resolved account: a username and the email of the same user are one
   * account (`user:<id>`), the platform administrator is `platform`, and an unknown identifier is keyed
   * on its normalised (trimmed, lower-cased) text. Each attempt is counted before the password is
   * checked, atomically (INCR first), so parallel guesses cannot get past a limit together:
   *
   * - (account, client address): 5 attempts per 15 minutes, then 429 from that address even with the
   *   right password. This is the one that stops guessing; a successful sign-in clears it.
   * - client address: 30 failures per 15 minutes across accounts (password spraying). A success gives
   *   its count back, so an office of staff behind one address is not stopped by its own sign-ins.
   * - account, across all addresses: 20 failures per 15 minutes (a success gives its count back). Over
   *   it, 429 only for addresses this account has not signed in from before. Each successful sign-in
   *   (and registration, and password reset, which prove the mailbox) remembers the address for 90 days
   *   (the 20 most recent per account, in Redis). So many addresses guessing at once are held to 20
   *   guesses between them, while the owner on their usual address still gets in; an owner on a new
   *   address during an attack can still get in through a password reset.
   *
   * The client address is `req.ip`: the TCP peer, or the X-Forwarded-For entry of a proxy trusted by
   * TRUST_PROXY, never a header a client can forge. The 429 has `code: 'RATE_LIMITED'`,
   * `retryAfterSeconds` and a Retry-After header.
   *
   * A held account (user or tenant) is answered with the hold message whatever the password: checking
   * the password first and holding only on a right one told anyone guessing that their guess was
   * right. The hold message does show that the name belongs to a held account; it says nothing about
   * the password, a held account cannot sign in anyway, and its owner learns whom to ask.
   */
  async login(login: string, password: string, client: ClientInfo): Promise<IssuedSession> {
    const identifier = login.trim().toLowerCase();
    const ip = client.ip ?? 'unknown';
    const platform = this.config.PLATFORM_ADMIN_USERNAME;
    const platformPassword = this.config.PLATFORM_ADMIN_PASSWORD;
    const isPlatform = !!platform && !!platformPassword && identifier === platform.toLowerCase();
    const user = isPlatform
      ? null
      : await this.db.getRepository(UserEntity).findOne({
          where: identifier.includes('@') ? { email: identifier } : { username: identifier },
          relations: { tenant: true },
        });
    const account = isPlatform ? 'platform' : user ? accountKey(user.id) : `name:${identifier}`;

    const known = await this.limiter.remembers(RateRules.knownLoginAddresses, account, ip);
    const [, , acrossAddresses] = await this.limiter.hit([
      { rule: RateRules.loginAttemptsPerAccountAndIp, subject: `${account}|${ip}` },
      { rule: RateRules.loginFailuresPerIp, subject: ip },
      { rule: RateRules.loginFailuresPerAccount, subject: account, enforce: false },
    ]);
    if (acrossAddresses.over && !known) throw new TooManyRequestsException(acrossAddresses.ttl);

    if (isPlatform) {
      if (!safeEqual(sha256(password), sha256(platformPassword))) throw invalidCredentials();
      await this.signedIn(account, ip);
      const tokens = await this.sessions.startForPlatformAdmin(platform, client);
      return { ...tokens, user: this.identity.platformAdmin() };
    }
    if (user && (user.status !== 'active' || user.tenant?.status !== 'active')) throw onHold();
    // Unknown names still cost one verification (see PasswordService), so timing does not tell them apart.
    if (!(await this.passwords.verify(user?.passwordHash ?? null, password)) || !user)
      throw invalidCredentials();
    await this.signedIn(account, ip);
    const tokens = await this.sessions.startForUser(user, client);
    return { ...tokens, user: await this.identity.sessionUser(user.id) };
  }

  /** A proven owner at this address: clear its failures here, give back its counts, remember it. */
  private async signedIn(account: string, ip: string): Promise<void> {
    await Promise.all([
      this.limiter.reset(RateRules.loginAttemptsPerAccountAndIp, `${account}|${ip}`),
      this.limiter.refund(RateRules.loginFailuresPerIp, ip),
      this.limiter.refund(RateRules.loginFailuresPerAccount, account),
      this.limiter.remember(RateRules.knownLoginAddresses, account, ip),
    ]);
  }

  async refresh(raw: string): Promise<IssuedSession> {
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

  /**
   * Mails a single-use reset link (30 minutes) pointing only at the app's own origin. The answer is the
   * same, in status, body and time, whether or not the email is registered: the checks that can refuse
   * (limits, APP_ORIGIN, mail configured) come first and do not depend on the address, and the mail is
   * sent without waiting for the mail server.
   */
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
    this.mail.assertConfigured();
    const answer = { message: IDENTITY_MESSAGES.resetMailSent };
    const user = await this.db.getRepository(UserEntity).findOne({ where: { email: address } });
    if (!user) return answer;
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
    this.mail.sendInBackground({
      to: user.email,
      subject: 'Reset your PonDesk password',
      text: `Hello ${user.username},\n\nOpen this link within 30 minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.\n`,
      link,
    });
    return answer;
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
  ): Promise<IssuedSession> {
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
    // The mailbox was proven: this address is the owner's, and its sign-in failures are cleared.
    await this.signedIn(accountKey(user.id), client.ip ?? 'unknown');
    const tokens = await this.sessions.startForUser(user, client);
    return {
      ...tokens,
      user: await this.identity.sessionUser(user.id),
      message: IDENTITY_MESSAGES.passwordChangedLoggedIn,
    };
  }
}
