import { Inject, Injectable } from '@nestjs/common';
import type { AlertChannelKind } from '@pondesk/contracts';
import { APP_CONFIG, SecretBox, type AppConfig } from '@pondesk/server-config';
import type { AlertChannelEntity } from '@pondesk/server-database';
import {
  DeviceTargetPolicy,
  DeviceTargetRefused,
  DeviceTargetUnresolved,
  deviceTargetOptions,
} from '@pondesk/server-device-targets';
import { ChannelSendError, type ChannelClient, type ResolvedChannel } from './channel-client';
import { TelegramClient } from './telegram.client';
import { WebhookClient } from './webhook.client';
import { WhatsAppClient } from './whatsapp.client';

/** The configuration the clients are built from. */
export type ChannelClientsConfig = Pick<
  AppConfig,
  | 'TELEGRAM_API_URL'
  | 'WHATSAPP_API_URL'
  | 'ALERT_SEND_TIMEOUT_MS'
  | 'ENCRYPTION_KEY'
  | 'ALLOW_LOOPBACK_DEVICES'
  | 'PORT'
  | 'DATABASE_URL'
  | 'REDIS_URL'
>;

/**
 * A webhook's host is checked with the device-target policy right before each send, as devices are: tenant
 * users type these URLs, and the worker must not be made to post to a cloud metadata service or to this
 * platform's own Postgres, Redis or API. A name that does not resolve now may later (retried).
 */
export function webhookTargetCheck(policy: DeviceTargetPolicy): (url: URL) => Promise<void> {
  return async (url) => {
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    try {
      await policy.check(url.hostname, [port]);
    } catch (error) {
      if (error instanceof DeviceTargetRefused)
        throw new ChannelSendError(`The webhook's ${error.part} is refused: ${error.reason}`, false);
      if (error instanceof DeviceTargetUnresolved)
        throw new ChannelSendError(`The webhook's host does not resolve: ${error.message}`, true);
      throw error;
    }
  };
}

/** The client of each channel kind, and the stored channels' secrets opened for them. */
@Injectable()
export class ChannelClients {
  private readonly clients: Readonly<Record<AlertChannelKind, ChannelClient>>;
  private readonly box: SecretBox;

  constructor(@Inject(APP_CONFIG) config: ChannelClientsConfig) {
    const timeoutMs = config.ALERT_SEND_TIMEOUT_MS;
    this.box = new SecretBox(config.ENCRYPTION_KEY);
    this.clients = {
      telegram: new TelegramClient({ baseUrl: config.TELEGRAM_API_URL, timeoutMs }),
      whatsapp: new WhatsAppClient({ baseUrl: config.WHATSAPP_API_URL, timeoutMs }),
      webhook: new WebhookClient({
        timeoutMs,
        checkTarget: webhookTargetCheck(new DeviceTargetPolicy(deviceTargetOptions(config))),
      }),
    };
  }

  /** The client that sends through channels of `kind`. */
  get(kind: AlertChannelKind): ChannelClient {
    const client = this.clients[kind] as ChannelClient | undefined;
    if (!client) throw new ChannelSendError(`Unknown channel kind '${String(kind)}'`, false);
    return client;
  }

  /**
   * A stored channel with its secret opened. Throws a non-retryable `ChannelSendError` when the secret does
   * not open (sealed under another ENCRYPTION_KEY, or damaged): no later attempt opens it either.
   */
  resolve(
    entity: Pick<AlertChannelEntity, 'id' | 'tenantId' | 'kind' | 'name' | 'settings' | 'secretEnc'>,
  ): ResolvedChannel {
    let secret: string;
    try {
      secret = this.box.open(entity.secretEnc);
    } catch {
      throw new ChannelSendError(
        "The channel's secret cannot be opened (was ENCRYPTION_KEY changed?); enter it again",
        false,
      );
    }
    return {
      id: entity.id,
      tenantId: entity.tenantId,
      kind: entity.kind,
      name: entity.name,
      settings: entity.settings ?? {},
      secret,
    };
  }
}
