import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AlertChannelKind, AlertTestResult } from '@pondesk/contracts';
import { AlertChannelEntity } from '@pondesk/server-database';
import { JobName, type AlertTestPayload } from '@pondesk/server-queue';
import { OnJob } from '../jobs/on-job.decorator';
import {
  ChannelSendError,
  channelTargets,
  type ChannelClient,
  type ChannelMessage,
  type ResolvedChannel,
} from './channels/channel-client';
import { ChannelClients } from './channels/channel-clients';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The answer fits the form's message line and the job's stored result. */
const SUMMARY_LIMIT = 500;

const TARGET_WORDS: Record<AlertChannelKind, [string, string]> = {
  telegram: ['chat', 'chats'],
  whatsapp: ['recipient', 'recipients'],
  webhook: ['webhook', 'webhooks'],
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** `2025-03-01 14:05 UTC`: the worker's clock, as every reader of the message can place it. */
const minuteUtc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * A failure every other target of the channel would meet too (a refused token, an API that does not
 * answer): the test stops there instead of waiting a timeout per target.
 */
const channelWide = (error: unknown) =>
  error instanceof ChannelSendError &&
  (error.status === 401 || error.status === 403 || (error.retryable && error.status === undefined));

const cut = (text: string) => (text.length <= SUMMARY_LIMIT ? text : `${text.slice(0, SUMMARY_LIMIT - 1)}…`);

/**
 * 'Send test' on an alert channel: one test message through the channel's real client to every target it
 * has, answered with a line for the form ("Sent to 2 chats", "Telegram refused: Unauthorized (401)").
 * Nothing is recorded as a delivery, and nothing is retried: the person who asked reads the answer.
 */
@Injectable()
export class AlertTestService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clients: ChannelClients,
  ) {}

  @OnJob(JobName.AlertTest)
  async sendTest(p: AlertTestPayload): Promise<AlertTestResult> {
    const notFound: AlertTestResult = { ok: false, message: 'Channel not found' };
    if (typeof p.channelId !== 'string' || !UUID.test(p.channelId)) return notFound;
    if (typeof p.tenantId !== 'string' || !UUID.test(p.tenantId)) return notFound;
    const entity = await this.db
      .getRepository(AlertChannelEntity)
      .findOne({ where: { id: p.channelId, tenantId: p.tenantId } });
    if (!entity) return notFound;

    const [one, many] = TARGET_WORDS[entity.kind] ?? ['target', 'targets'];
    const targets = [...new Set(channelTargets(entity.kind, entity.settings ?? {}).map((t) => t.trim()))];
    if (targets.length === 0) return { ok: false, message: `The channel has no ${many} to send to` };

    let channel: ResolvedChannel;
    let client: ChannelClient;
    try {
      channel = this.clients.resolve(entity);
      client = this.clients.get(entity.kind);
    } catch (error) {
      return { ok: false, message: cut(messageOf(error)) };
    }
    const at = new Date();
    const requestedBy =
      String(p.requestedBy ?? '')
        .trim()
        .slice(0, 80) || 'someone';
    const message: ChannelMessage = {
      text: `PonDesk test message from ${entity.name}, sent by ${requestedBy} at ${minuteUtc(at)}`,
      alerts: [],
      messageId: `test-${entity.id}-${at.getTime()}`,
      test: true,
    };

    const answers: string[] = [];
    const failures: string[] = [];
    let skipped = 0;
    for (const [i, target] of targets.entries()) {
      try {
        answers.push(await client.send(channel, target, message));
      } catch (error) {
        failures.push(target && targets.length > 1 ? `${target}: ${messageOf(error)}` : messageOf(error));
        if (channelWide(error)) {
          skipped = targets.length - i - 1;
          break;
        }
      }
    }

    if (failures.length === 0) {
      if (entity.kind === 'webhook') return { ok: true, message: cut(answers[0] ?? 'Delivered') };
      return { ok: true, message: `Sent to ${targets.length} ${targets.length === 1 ? one : many}` };
    }
    const notTried = skipped ? `; ${skipped} not tried` : '';
    if (answers.length === 0) return { ok: false, message: cut(`${failures.join('; ')}${notTried}`) };
    return {
      ok: false,
      message: cut(
        `Sent to ${answers.length} of ${targets.length} ${many}; ${failures.join('; ')}${notTried}`,
      ),
    };
  }
}
