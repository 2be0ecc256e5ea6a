import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { IDENTITY_MESSAGES, Permission, type Profile, type SendOtpResponse } from '@pondesk/contracts';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { OtpChallengeEntity, TenantEntity, UserEntity } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { hmacSha256, safeEqual, sixDigitCode } from '../../common/crypto/tokens';
import { RateLimiterService, TooManyRequestsException } from '../../common/rate-limit/rate-limiter.service';
import { AuditService } from '../audit/audit.service';
import { IdentityService } from '../identity/identity.service';
import { PasswordService } from '../identity/password.service';
import { PhotoStorageService, photoUrl } from '../identity/photo-storage.service';
import { RateRules } from '../identity/rate-rules';
import { SessionService } from '../identity/session.service';
import { assertIdentityFree, mapUniqueViolation } from '../identity/user-uniqueness';
import { MailService, emailChangedMail } from '../notifications/mail.service';
import { SMS_GATEWAY, type SmsGateway } from '../notifications/sms-gateway';
import type { CompleteProfileDto, UpdateProfileDto } from './dto/profile.dto';
import { sniffImage } from '../../common/images/image-type';
import { ProfileErrorCode, ProfileException } from './profile.exception';

export const OTP_TTL_SECONDS = 120;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const OTP_MAX_ATTEMPTS = 5;
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

export interface UploadedImage {
  buffer: Buffer;
  size: number;
}

@Injectable()
export class ProfileService {
  private readonly logger = new Logger(ProfileService.name);

  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly identity: IdentityService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionService,
    private readonly photos: PhotoStorageService,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiterService,
    @Inject(SMS_GATEWAY) private readonly sms: SmsGateway,
    private readonly mail: MailService,
  ) {}

  get(actor: TenantActor): Promise<Profile> {
    return this.identity.profile(actor.userId, actor.tenantId);
  }

  /**
   * Edits the caller's own fields. Changing the email needs the current password (a stolen access token
   * alone must not move the account: reset links go to the email), mails the old address and is
   * audited as `user.email-change`. The username is not a reset channel (resets go by email only), so
   * it changes like the other fields.
   */
  async update(actor: TenantActor, body: UpdateProfileDto): Promise<Profile> {
    if (body.ispName !== undefined && !actor.permissions.includes(Permission.Admin))
      throw new ProfileException(
        ProfileErrorCode.ISP_NAME_NEEDS_ADMIN,
        'Only an administrator can change the ISP name',
        HttpStatus.FORBIDDEN,
        'ispName',
      );
    const users = this.db.getRepository(UserEntity);
    const current = await users.findOneOrFail({ where: { id: actor.userId, tenantId: actor.tenantId } });
    const newEmail = body.email?.toLowerCase();
    const emailChanges = newEmail !== undefined && newEmail !== current.email;
    if (emailChanges) await this.confirmCurrentPassword(actor, current.passwordHash, body.currentPassword);
    await this.db
      .transaction(async (m) => {
        await assertIdentityFree(m, body, {
          exceptUserId: actor.userId,
          reservedUsername: this.config.PLATFORM_ADMIN_USERNAME,
        });
        const users = m.getRepository(UserEntity);
        const before = await users.findOneOrFail({ where: { id: actor.userId, tenantId: actor.tenantId } });
        const changes: Partial<UserEntity> = {};
        if (body.username !== undefined) changes.username = body.username.toLowerCase();
        if (newEmail !== undefined) changes.email = newEmail;
        if (body.contactNumber !== undefined) changes.contactNumber = body.contactNumber;
        if (body.address !== undefined) changes.address = body.address;
        if (Object.keys(changes).length) await users.update(actor.userId, changes);
        if (body.ispName !== undefined)
          await m.getRepository(TenantEntity).update(actor.tenantId, { ispName: body.ispName });
        await this.audit.record(
          actor,
          {
            action: 'profile.update',
            entityType: 'user',
            entityId: actor.userId,
            before: pick(before, Object.keys(changes)),
            after: { ...changes, ...(body.ispName !== undefined ? { ispName: body.ispName } : {}) },
          },
          m,
        );
        if (newEmail !== undefined && newEmail !== before.email) {
          await this.audit.record(
            actor,
            {
              action: 'user.email-change',
              entityType: 'user',
              entityId: actor.userId,
              before: { email: before.email },
              after: { email: newEmail },
            },
            m,
          );
          // Last, and awaited: if the old address cannot be told, the change does not happen.
          await this.mail.send(emailChangedMail(before.email, changes.username ?? before.username, newEmail));
        }
      })
      .catch((error: unknown) => mapUniqueViolation(error));
    return this.get(actor);
  }

  /**
   * Checks the caller's current password for a sensitive change. Each check is counted first
   * (5 per 15 minutes per user, cleared by a right one), so a stolen access token cannot be used to
   * guess the password.
   */
  private async confirmCurrentPassword(
    actor: TenantActor,
    passwordHash: string | null,
    given: string | undefined,
  ): Promise<void> {
    if (!given)
      throw new ProfileException(
        ProfileErrorCode.CURRENT_PASSWORD_REQUIRED,
        IDENTITY_MESSAGES.currentPasswordRequired,
        HttpStatus.BAD_REQUEST,
        'currentPassword',
      );
    await this.limiter.hit([{ rule: RateRules.currentPasswordChecksPerAccount, subject: actor.userId }]);
    if (!(await this.passwords.verify(passwordHash, given)))
      throw new ProfileException(
        ProfileErrorCode.CURRENT_PASSWORD_WRONG,
        IDENTITY_MESSAGES.currentPasswordWrong,
        HttpStatus.BAD_REQUEST,
        'currentPassword',
      );
    await this.limiter.reset(RateRules.currentPasswordChecksPerAccount, actor.userId);
  }

  async changePassword(actor: TenantActor, current: string, next: string): Promise<{ message: string }> {
    const user = await this.db
      .getRepository(UserEntity)
      .findOneOrFail({ where: { id: actor.userId, tenantId: actor.tenantId } });
    await this.confirmCurrentPassword(actor, user.passwordHash, current);
    const passwordHash = await this.passwords.hash(next);
    await this.db.transaction(async (m) => {
      await m.getRepository(UserEntity).update(user.id, { passwordHash });
      // Other devices signed in with the old password are signed out; this one stays.
      await this.sessions.revokeAllForUser(user.id, m, actor.sessionId);
      await this.audit.record(
        actor,
        { action: 'user.password-change', entityType: 'user', entityId: user.id },
        m,
      );
    });
    return { message: IDENTITY_MESSAGES.passwordChanged };
  }

  private otpHash(challengeId: string, code: string): string {
    return hmacSha256(`${this.config.JWT_SECRET}:otp`, `${challengeId}:${code}`);
  }

  /** Sends a 6-digit code to the number (120 s, 5 attempts); one per minute per user. */
  async sendOtp(actor: TenantActor, contactNumber: string): Promise<SendOtpResponse> {
    const repo = this.db.getRepository(OtpChallengeEntity);
    const last = await repo.findOne({ where: { userId: actor.userId }, order: { createdAt: 'DESC' } });
    if (last) {
      const wait = Math.ceil(OTP_RESEND_COOLDOWN_SECONDS - (Date.now() - last.createdAt.getTime()) / 1000);
      if (wait > 0)
        throw new TooManyRequestsException(wait, `Please wait ${wait} seconds before requesting a new OTP.`);
    }
    await this.limiter.hit([
      { rule: RateRules.otpSendsPerIp, subject: actor.ip ?? 'unknown' },
      { rule: RateRules.otpSendsPerAccount, subject: actor.userId },
    ]);
    const code = sixDigitCode();
    const challenge = repo.create({
      userId: actor.userId,
      contactNumber,
      codeHash: '',
      expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
      attempts: 0,
      consumedAt: null,
    });
    await this.db.transaction(async (m) => {
      // Earlier codes stop working once a new one is sent.
      await m
        .getRepository(OtpChallengeEntity)
        .update({ userId: actor.userId, consumedAt: IsNull() }, { consumedAt: new Date() });
      const saved = await m.getRepository(OtpChallengeEntity).save(challenge);
      await m.getRepository(OtpChallengeEntity).update(saved.id, { codeHash: this.otpHash(saved.id, code) });
    });
    try {
      await this.sms.send({
        to: contactNumber,
        text: `Your PonDesk verification code is ${code}. It expires in 2 minutes.`,
        otp: code,
      });
    } catch (error) {
      // Not sent, so it must not start the cooldown either.
      await repo.delete(challenge.id);
      throw error;
    }
    return {
      message: IDENTITY_MESSAGES.otpSent,
      expiresInSeconds: OTP_TTL_SECONDS,
      resendInSeconds: OTP_RESEND_COOLDOWN_SECONDS,
    };
  }

  /** Checks the OTP for the number, then saves ISP name, number and address and confirms the profile. */
  async complete(actor: TenantActor, body: CompleteProfileDto): Promise<Profile> {
    await this.limiter.hit([
      { rule: RateRules.otpChecksPerIp, subject: actor.ip ?? 'unknown' },
      { rule: RateRules.otpChecksPerAccount, subject: actor.userId },
    ]);
    const repo = this.db.getRepository(OtpChallengeEntity);
    const challenge = await repo.findOne({
      where: { userId: actor.userId, contactNumber: body.contactNumber, consumedAt: IsNull() },
      order: { createdAt: 'DESC' },
    });
    const fail = (code: ProfileErrorCode, message: string, status = HttpStatus.BAD_REQUEST) =>
      new ProfileException(code, message, status, 'otp');
    if (!challenge)
      throw fail(ProfileErrorCode.OTP_NOT_REQUESTED, 'Please send an OTP to this number first.');
    if (challenge.expiresAt.getTime() <= Date.now())
      throw fail(ProfileErrorCode.OTP_EXPIRED, IDENTITY_MESSAGES.otpExpired);
    // Count the attempt before comparing, atomically, so parallel guesses cannot exceed the limit.
    const counted: [{ attempts: number }[], number] = await this.db.query(
      `UPDATE otp_challenge SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2 AND consumed_at IS NULL RETURNING attempts`,
      [challenge.id, OTP_MAX_ATTEMPTS],
    );
    if (!counted[0]?.length)
      throw fail(
        ProfileErrorCode.OTP_TOO_MANY_ATTEMPTS,
        IDENTITY_MESSAGES.otpTooManyAttempts,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    if (!safeEqual(this.otpHash(challenge.id, body.otp), challenge.codeHash)) {
      const left = OTP_MAX_ATTEMPTS - counted[0][0].attempts;
      if (left <= 0)
        throw fail(
          ProfileErrorCode.OTP_TOO_MANY_ATTEMPTS,
          IDENTITY_MESSAGES.otpTooManyAttempts,
          HttpStatus.TOO_MANY_REQUESTS,
        );
      throw fail(
        ProfileErrorCode.OTP_INVALID,
        `${IDENTITY_MESSAGES.otpInvalid} ${left} attempt${left === 1 ? '' : 's'} left.`,
      );
    }
    await this.db.transaction(async (m) => {
      const consumed = await m
        .createQueryBuilder()
        .update(OtpChallengeEntity)
        .set({ consumedAt: () => 'now()' })
        .where('id = :id AND consumed_at IS NULL', { id: challenge.id })
        .execute();
      if (consumed.affected !== 1) throw fail(ProfileErrorCode.OTP_EXPIRED, IDENTITY_MESSAGES.otpExpired);
      const tenants = m.getRepository(TenantEntity);
      const before = await tenants.findOneOrFail({ where: { id: actor.tenantId } });
      const after = {
        ispName: body.ispName,
        contactNumber: body.contactNumber,
        address: body.address,
        profileConfirmed: true,
      };
      await tenants.update(actor.tenantId, after);
      await m.getRepository(UserEntity).update(
        { id: actor.userId, tenantId: actor.tenantId },
        {
          contactNumber: body.contactNumber,
          address: body.address,
        },
      );
      await this.audit.record(
        actor,
        {
          action: 'tenant.complete-profile',
          entityType: 'tenant',
          entityId: actor.tenantId,
          before: pick(before, Object.keys(after)),
          after,
        },
        m,
      );
    });
    return this.get(actor);
  }

  async savePhoto(actor: TenantActor, file: UploadedImage | undefined): Promise<{ photoUrl: string }> {
    if (!file?.buffer?.length)
      throw new ProfileException(
        ProfileErrorCode.PHOTO_MISSING,
        'photo is required',
        HttpStatus.BAD_REQUEST,
        'photo',
      );
    const type = sniffImage(file.buffer);
    if (!type)
      throw new ProfileException(
        ProfileErrorCode.PHOTO_NOT_IMAGE,
        'photo must be a PNG, JPEG, GIF or WebP image',
        HttpStatus.BAD_REQUEST,
        'photo',
      );
    const name = await this.photos.save(file.buffer, type.ext);
    const users = this.db.getRepository(UserEntity);
    const before = await users.findOneOrFail({ where: { id: actor.userId, tenantId: actor.tenantId } });
    await users.update(actor.userId, { photoFile: name });
    if (before.photoFile && !(await this.photos.remove(before.photoFile)))
      this.logger.warn(`old photo ${before.photoFile} was already gone`);
    await this.audit.record(actor, {
      action: 'profile.photo',
      entityType: 'user',
      entityId: actor.userId,
      before: { photoFile: before.photoFile },
      after: { photoFile: name },
    });
    return { photoUrl: photoUrl(name) ?? '' };
  }
}

function pick(source: object, keys: string[]): Record<string, unknown> {
  const record = source as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, record[k]]));
}
