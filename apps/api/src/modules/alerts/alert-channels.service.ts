import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  ALERT_CHANNEL_RATE_DEFAULT,
  type AlertChannel,
  type AlertChannelSettings,
  type AlertTestResult,
} from '@pondesk/contracts';
import { APP_CONFIG, SecretBox, type AppConfig } from '@pondesk/server-config';
import { AlertChannelEntity } from '@pondesk/server-database';
import { JobName } from '@pondesk/server-queue';
import type { TenantActor } from '../../common/auth/actor';
import { DeviceJobsService } from '../../common/device-jobs/device-jobs.service';
import { DeviceTargetsService } from '../../common/device-targets/device-targets.service';
import { invalidInput } from '../../common/http/validation.pipe';
import { RateLimiterService, type RateRule } from '../../common/rate-limit/rate-limiter.service';
import { AuditService } from '../audit/audit.service';
import { ALERT_CHANNEL_SETTINGS, channelSettingsOf } from './alert-validation';
import { alertChannelKindChanged, alertChannelNotFound } from './alerts.exception';
import type { CreateAlertChannelDto, UpdateAlertChannelDto } from './dto/alert-channel.dto';

/** 'Send test' reaches a real messaging API: a few a minute per user is plenty. */
export const ALERT_TEST_RULE: RateRule = { name: 'alert-test:user', max: 10, windowSeconds: 60 };
/** The worker's client retries nothing for a test; one API call answers well within this. */
const TEST_TIMEOUT_MS = 20_000;

/** What the last error of a delivery owed to a deleted channel says. */
export const CHANNEL_DELETED_ERROR = 'Channel deleted';

/** The channel as the API shows it: its settings, never its secret. */
export function toAlertChannel(c: AlertChannelEntity): AlertChannel {
  const settings: AlertChannelSettings = {};
  for (const key of ALERT_CHANNEL_SETTINGS[c.kind] ?? [])
    if (c.settings?.[key] !== undefined) (settings as Record<string, unknown>)[key] = c.settings[key];
  return {
    id: c.id,
    kind: c.kind,
    name: c.name,
    enabled: c.enabled,
    useDeviceIds: c.useDeviceIds,
    ratePerMinute: c.ratePerMinute,
    hasSecret: !!c.secretEnc,
    ...settings,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** Where a webhook's URL points, as the device-target policy checks it (loopback, metadata, our own ports). */
function webhookTarget(url: string) {
  const u = new URL(url);
  const port = u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80;
  return { host: u.hostname.replace(/^\[|\]$/g, ''), hostField: 'url', ports: [{ port, field: 'url' }] };
}

/** Alert channels: Telegram bots, WhatsApp Cloud API numbers and signed webhooks, secrets sealed at rest. */
@Injectable()
export class AlertChannelsService {
  private readonly box: SecretBox;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly jobs: DeviceJobsService,
    private readonly targets: DeviceTargetsService,
    private readonly limiter: RateLimiterService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new SecretBox(config.ENCRYPTION_KEY);
  }

  async list(actor: TenantActor): Promise<AlertChannel[]> {
    const rows = await this.db
      .getRepository(AlertChannelEntity)
      .createQueryBuilder('c')
      .where('c.tenant_id = :tenantId', { tenantId: actor.tenantId })
      .orderBy('lower(c.name)', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .getMany();
    return rows.map(toAlertChannel);
  }

  async create(actor: TenantActor, dto: CreateAlertChannelDto): Promise<AlertChannel> {
    const { settings, secret, problems } = channelSettingsOf(dto.kind, dto);
    if (problems.length || secret === null) throw invalidInput(problems);
    if (settings.url) await this.targets.assertAllowed([webhookTarget(settings.url)]);
    return this.db.transaction(async (tx) => {
      const repo = tx.getRepository(AlertChannelEntity);
      const row = await repo.save(
        repo.create({
          tenantId: actor.tenantId,
          kind: dto.kind,
          name: dto.name.trim(),
          enabled: dto.enabled ?? true,
          useDeviceIds: dto.useDeviceIds ?? false,
          ratePerMinute: dto.ratePerMinute ?? ALERT_CHANNEL_RATE_DEFAULT,
          settings,
          secretEnc: this.box.seal(secret),
          createdBy: actor.userId,
        }),
      );
      const channel = toAlertChannel(row);
      await this.audit.record(
        actor,
        { action: 'alert-channel.create', entityType: 'alert-channel', entityId: row.id, after: channel },
        tx,
      );
      return channel;
    });
  }

  async update(actor: TenantActor, id: string, dto: UpdateAlertChannelDto): Promise<AlertChannel> {
    const found = await this.findOwn(actor, id);
    if (dto.kind !== undefined && dto.kind !== found.kind) throw alertChannelKindChanged();
    const { settings, secret, problems } = channelSettingsOf(
      found.kind,
      { ...dto, useDeviceIds: dto.useDeviceIds ?? found.useDeviceIds },
      found.settings ?? {},
    );
    if (problems.length) throw invalidInput(problems);
    if (settings.url && settings.url !== found.settings?.url)
      await this.targets.assertAllowed([webhookTarget(settings.url)]);
    return this.db.transaction(async (tx) => {
      const repo = tx.getRepository(AlertChannelEntity);
      const row = await repo.findOne({
        where: { id, tenantId: actor.tenantId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row) throw alertChannelNotFound();
      const before = toAlertChannel(row);
      if (dto.name !== undefined) row.name = dto.name.trim();
      if (dto.enabled !== undefined) row.enabled = dto.enabled;
      if (dto.useDeviceIds !== undefined) row.useDeviceIds = dto.useDeviceIds;
      if (dto.ratePerMinute !== undefined) row.ratePerMinute = dto.ratePerMinute;
      row.settings = settings;
      if (secret !== null) row.secretEnc = this.box.seal(secret);
      const saved = await repo.save(row);
      const channel = toAlertChannel(saved);
      await this.audit.record(
        actor,
        {
          action: 'alert-channel.update',
          entityType: 'alert-channel',
          entityId: row.id,
          before,
          // Whether the secret was replaced, never its value.
          after: { ...channel, ...(secret !== null ? { secretChanged: true } : {}) },
        },
        tx,
      );
      return channel;
    });
  }

  /** Deletes the channel; what it still owed is marked failed, so the history says why it never arrived. */
  async remove(actor: TenantActor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const repo = tx.getRepository(AlertChannelEntity);
      const row = await repo.findOne({
        where: { id, tenantId: actor.tenantId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row) throw alertChannelNotFound();
      await tx.query(
        `UPDATE alert_delivery SET status = 'failed', last_error = $3, lease_until = NULL
          WHERE channel_id = $1 AND tenant_id = $2 AND status IN ('pending', 'sending')`,
        [id, actor.tenantId, CHANNEL_DELETED_ERROR],
      );
      await repo.delete({ id, tenantId: actor.tenantId });
      await this.audit.record(
        actor,
        {
          action: 'alert-channel.delete',
          entityType: 'alert-channel',
          entityId: id,
          before: toAlertChannel(row),
        },
        tx,
      );
    });
  }

  /** 'Send test': one message through the channel's client, by the worker, answered with what its API said. */
  async test(actor: TenantActor, id: string): Promise<AlertTestResult> {
    const channel = await this.findOwn(actor, id);
    await this.limiter.hit([{ rule: ALERT_TEST_RULE, subject: actor.userId }]);
    return this.jobs.run(
      JobName.AlertTest,
      { tenantId: actor.tenantId, channelId: channel.id, requestedBy: actor.username },
      TEST_TIMEOUT_MS,
      'The test message',
    );
  }

  private async findOwn(actor: TenantActor, id: string): Promise<AlertChannelEntity> {
    const row = await this.db.getRepository(AlertChannelEntity).findOneBy({ id, tenantId: actor.tenantId });
    if (!row) throw alertChannelNotFound();
    return row;
  }
}
