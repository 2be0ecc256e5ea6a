import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AlertChannelKind, AlertChannelSettings, AlertKind, AlertPhase } from '@pondesk/contracts';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { returnedRows } from '@pondesk/server-database';
import { MAX_ALERTS_PER_MESSAGE, messageText } from './alert-messages';
import { PeriodicTask } from './periodic-task';
import { ChannelClients } from './channels/channel-clients';
import { ChannelSendError, type OutgoingAlert, type ResolvedChannel } from './channels/channel-client';

/** Deliveries claimed per round at most. */
const CLAIM_LIMIT = 500;
/** After this many attempts a delivery is given up (failed), with the last error kept. */
export const MAX_DELIVERY_ATTEMPTS = 8;

/** Wait before attempt n+1 (n ≥ 1): 5 s, 10 s, 20 s … capped at 15 minutes. */
export const retryDelayMs = (attempts: number) =>
  Math.min(15 * 60_000, 5000 * 2 ** Math.max(0, attempts - 1));

interface ClaimedDelivery {
  id: string;
  tenant_id: string;
  alert_id: string;
  phase: AlertPhase;
  channel_id: string;
  target: string;
  attempts: number;
}

interface ChannelRow {
  id: string;
  tenant_id: string;
  kind: AlertChannelKind;
  name: string;
  enabled: boolean;
  settings: AlertChannelSettings;
  secret_enc: string;
  rate_per_minute: number;
}

interface AlertRowForMessage {
  id: string;
  kind: AlertKind;
  title: string;
  detail: Record<string, unknown>;
  olt_id: string | null;
  olt_name: string | null;
  pon_port: number | null;
  opened_at: Date;
  resolved_at: Date | null;
}

/**
 * Sends what `alert_delivery` says is owed. A round claims due deliveries with a lease (`sending` until
 * `lease_until`), groups them per channel target into one message (a burst of alerts becomes one message, at
 * most `MAX_ALERTS_PER_MESSAGE` each), respects each channel's messages-a-minute, and marks each delivery
 * delivered as soon as its API accepted it. A worker killed mid-send leaves its claims to lapse; the next
 * round sends them again (at least once). Once marked delivered, a message is never sent again.
 */
@Injectable()
export class AlertDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AlertDispatcher.name);
  private readonly rounds = new PeriodicTask(
    () => this.round(),
    (message) => this.logger.warn(`alert delivery round failed: ${message}`),
  );

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clients: ChannelClients,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.rounds.start(this.config.ALERT_DISPATCH_INTERVAL_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.rounds.stop();
  }

  /** A round now (or right after the one running). */
  kick(): void {
    this.rounds.kick();
  }

  /** Claims what is due and sends it; answers how many deliveries were settled (delivered or failed). */
  async round(): Promise<number> {
    const claimed = await this.claim();
    if (!claimed.length) return 0;
    const channels = await this.channels([...new Set(claimed.map((d) => d.channel_id))]);
    const alerts = await this.alerts([...new Set(claimed.map((d) => d.alert_id))]);
    const groups = new Map<string, ClaimedDelivery[]>();
    for (const d of claimed) {
      const key = `${d.channel_id}\u0000${d.target}`;
      groups.set(key, [...(groups.get(key) ?? []), d]);
    }
    let settled = 0;
    await Promise.all(
      [...groups.values()].map(async (group) => {
        const channel = channels.get(group[0].channel_id);
        if (!channel || !channel.enabled) {
          await this.fail(group, channel ? 'Channel disabled' : 'Channel deleted');
          settled += group.length;
          return;
        }
        settled += await this.sendGroup(channel, group, alerts);
      }),
    );
    return settled;
  }

  private async sendGroup(
    channel: ChannelRow,
    group: ClaimedDelivery[],
    alerts: Map<string, AlertRowForMessage>,
  ): Promise<number> {
    // Oldest first, one message per round and target: a claim covers exactly one send, so its lease (longer
    // than a send may take) cannot lapse while the send is still under way. A burst larger than one message
    // goes out over the next rounds, each within the channel's rate.
    group.sort((a, b) => Number(a.id) - Number(b.id));
    const part = group.slice(0, MAX_ALERTS_PER_MESSAGE);
    const rest = group.slice(MAX_ALERTS_PER_MESSAGE);
    if (rest.length) {
      await this.release(rest, 0);
      this.kick();
    }
    const wait = await this.rateWaitMs(channel);
    if (wait > 0) {
      await this.release(part, wait);
      return 0;
    }
    let resolved: ResolvedChannel;
    try {
      resolved = this.clients.resolve({
        id: channel.id,
        tenantId: channel.tenant_id,
        kind: channel.kind,
        name: channel.name,
        settings: channel.settings,
        secretEnc: channel.secret_enc,
      });
    } catch (error) {
      await this.fail(part, error instanceof Error ? error.message : String(error));
      return part.length;
    }
    const outgoing = part
      .map((d) => toOutgoing(alerts.get(d.alert_id), d.phase))
      .filter((a): a is OutgoingAlert => !!a);
    const message = {
      text: messageText(outgoing),
      alerts: outgoing,
      messageId: `pd-${part.map((d) => d.id).join('-')}`.slice(0, 120),
    };
    try {
      await this.clients.get(channel.kind).send(resolved, part[0].target, message);
      await this.delivered(part);
      return part.length;
    } catch (error) {
      const e =
        error instanceof ChannelSendError
          ? error
          : new ChannelSendError(error instanceof Error ? error.message : String(error), true);
      this.logger.warn(
        { channelId: channel.id, deliveries: part.map((d) => d.id) },
        `alert not sent on ${channel.kind} channel '${channel.name}': ${e.message}`,
      );
      if (e.retryable) return this.retryLater(part, e.message, e.retryAfterSeconds);
      await this.fail(part, e.message);
      return part.length;
    }
  }

  /** Due deliveries, claimed with a lease: pending ones whose time has come, and lapsed claims of dead workers. */
  private async claim(): Promise<ClaimedDelivery[]> {
    // Longer than a send may take, whatever was configured: a lease lapsing mid-send would send twice.
    const lease = Math.max(this.config.ALERT_DELIVERY_LEASE_MS, this.config.ALERT_SEND_TIMEOUT_MS + 5000);
    const result: unknown = await this.db.query(
      `UPDATE alert_delivery d
          SET status = 'sending', attempts = d.attempts + 1, lease_until = now() + make_interval(secs => $1 / 1000.0)
        WHERE d.id IN (
          SELECT id FROM alert_delivery
           WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()
             AND (status = 'pending' OR lease_until < now())
           ORDER BY id
           LIMIT ${CLAIM_LIMIT}
           FOR UPDATE SKIP LOCKED)
      RETURNING d.id, d.tenant_id, d.alert_id, d.phase, d.channel_id, d.target, d.attempts`,
      [lease],
    );
    return returnedRows<ClaimedDelivery>(result);
  }

  private async channels(ids: string[]): Promise<Map<string, ChannelRow>> {
    const rows: ChannelRow[] = await this.db.query(
      `SELECT id, tenant_id, kind, name, enabled, settings, secret_enc, rate_per_minute FROM alert_channel
        WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  private async alerts(ids: string[]): Promise<Map<string, AlertRowForMessage>> {
    const rows: AlertRowForMessage[] = await this.db.query(
      `SELECT a.id, a.kind, a.title, a.detail, a.olt_id, o.name AS olt_name, a.pon_port, a.opened_at, a.resolved_at
         FROM alert a LEFT JOIN olt o ON o.id = a.olt_id
        WHERE a.id = ANY($1::bigint[])`,
      [ids],
    );
    return new Map(rows.map((r) => [String(r.id), r]));
  }

  /**
   * How long the channel must wait before its next message: messages it sent in the last minute (deliveries
   * sent together count once) against its rate.
   */
  private async rateWaitMs(channel: ChannelRow): Promise<number> {
    const rows: { sent: number; oldest: Date | null }[] = await this.db.query(
      `SELECT count(*)::int AS sent, min(at) AS oldest FROM (
         SELECT DISTINCT target, delivered_at AS at FROM alert_delivery
          WHERE channel_id = $1 AND status = 'delivered' AND delivered_at > now() - interval '1 minute') m`,
      [channel.id],
    );
    const { sent, oldest } = rows[0] ?? { sent: 0, oldest: null };
    if (sent < channel.rate_per_minute || !oldest) return 0;
    return Math.max(1000, new Date(oldest).getTime() + 60_000 - Date.now());
  }

  /** Accepted by the channel's API: never sent again. Only this claim's own rows (a lapsed claim retaken is not). */
  private async delivered(part: ClaimedDelivery[]): Promise<void> {
    await this.db.query(
      `UPDATE alert_delivery d SET status = 'delivered', delivered_at = clock_timestamp(), lease_until = NULL,
              last_error = NULL
         FROM unnest($1::bigint[], $2::int[]) AS c(id, attempts)
        WHERE d.id = c.id AND d.attempts = c.attempts AND d.status = 'sending'`,
      [part.map((d) => d.id), part.map((d) => d.attempts)],
    );
  }

  private async fail(part: ClaimedDelivery[], error: string): Promise<void> {
    await this.db.query(
      `UPDATE alert_delivery SET status = 'failed', lease_until = NULL, last_error = $2
        WHERE id = ANY($1::bigint[]) AND status = 'sending'`,
      [part.map((d) => d.id), error.slice(0, 500)],
    );
  }

  /** A send that may work later: due again after a back-off, or given up after the last attempt. */
  private async retryLater(
    part: ClaimedDelivery[],
    error: string,
    retryAfterSeconds?: number,
  ): Promise<number> {
    const attempts = Math.max(...part.map((d) => d.attempts));
    if (attempts >= MAX_DELIVERY_ATTEMPTS) {
      await this.fail(part, `Gave up after ${attempts} attempts: ${error}`);
      return part.length;
    }
    const delay = Math.max(retryDelayMs(attempts), (retryAfterSeconds ?? 0) * 1000);
    await this.db.query(
      `UPDATE alert_delivery SET status = 'pending', lease_until = NULL, last_error = $2,
              next_attempt_at = now() + make_interval(secs => $3 / 1000.0)
        WHERE id = ANY($1::bigint[]) AND status = 'sending'`,
      [part.map((d) => d.id), error.slice(0, 500), delay],
    );
    return 0;
  }

  /** Over the channel's rate: handed back unsent (the attempt not counted), due when the rate allows. */
  private async release(part: ClaimedDelivery[], waitMs: number): Promise<void> {
    await this.db.query(
      `UPDATE alert_delivery SET status = 'pending', lease_until = NULL, attempts = attempts - 1,
              next_attempt_at = now() + make_interval(secs => $2 / 1000.0)
        WHERE id = ANY($1::bigint[]) AND status = 'sending'`,
      [part.map((d) => d.id), waitMs],
    );
  }
}

function toOutgoing(a: AlertRowForMessage | undefined, phase: AlertPhase): OutgoingAlert | undefined {
  if (!a) return undefined;
  return {
    id: String(a.id),
    kind: a.kind,
    phase,
    title: a.title,
    detail: a.detail,
    oltId: a.olt_id,
    oltName: a.olt_name,
    ponPort: a.pon_port,
    openedAt: new Date(a.opened_at).toISOString(),
    resolvedAt: a.resolved_at ? new Date(a.resolved_at).toISOString() : null,
  };
}
