import { isIP } from 'node:net';
import {
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  UnauthorizedException,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { oltsCarryingPppoeIds, writeSessionEvents, type SessionEventRecord } from '@pondesk/server-database';
import { allOltsRoom, oltRoom, parseMac, type SessionEventPushed } from '@pondesk/contracts';
import { invalidInput } from '../../common/http/validation.pipe';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { IngestKeysService } from './ingest-keys.service';

interface Pending extends SessionEventRecord {
  done: (error?: unknown) => void;
}

/** A batch is written when it holds this many events, or this long after its first one arrived. */
const BATCH_MAX = 500;
const BATCH_WAIT_MS = 4;
/** Batches being written at once (each a transaction on its own pooled connection). */
const FLUSHES_AT_ONCE = 4;
/** Per tenant key, per API process: a runaway script is stopped, a city outage (10,000 a minute) is not. */
export const INGEST_EVENTS_PER_MINUTE = 300_000;
/** Browsers are told of new events at most this often per tenant, however many arrive. */
const PUSH_EVERY_MS = 500;

/** No control characters (C0 and DEL): they have no place in a name, a MAC or an address. */
const hasControl = (t: string): boolean =>
  [...t].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** A field's text: trimmed, `''` and absent as null; over `max` or with control characters refused. */
function text(body: Record<string, unknown>, names: readonly string[], max: number): string | null {
  const name = names.find((n) => body[n] !== undefined) ?? names[0];
  const value = body[name];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' && typeof value !== 'number')
    throw invalidInput([{ field: name, message: `${name} must be text` }]);
  const t = String(value).trim();
  if (t.length > max)
    throw invalidInput([{ field: name, message: `${name} must be at most ${max} characters long` }]);
  if (hasControl(t))
    throw invalidInput([{ field: name, message: `${name} must not hold control characters` }]);
  return t === '' ? null : t;
}

/**
 * Reads what a router's on-up / on-down script posted (RouterOS variable names; `mac` and `ip` are
 * accepted for `caller-id` and `remote-address`, as scripts in the field name them). Fields a script adds
 * beyond these are ignored. Anything malformed is refused with the field named, and nothing is stored.
 */
export function readSessionEvent(
  body: Record<string, unknown>,
): Omit<SessionEventRecord, 'tenantId' | 'receivedAt'> {
  const user = text(body, ['user'], 64);
  if (!user) throw invalidInput([{ field: 'user', message: 'user is required' }]);
  if (/[\s&=]/.test(user))
    throw invalidInput([{ field: 'user', message: 'user must not hold spaces, & or =' }]);
  const action = text(body, ['action'], 8)?.toLowerCase();
  if (action !== 'up' && action !== 'down')
    throw invalidInput([{ field: 'action', message: 'action must be up or down' }]);
  const macText = text(body, ['caller-id', 'mac'], 32);
  const mac = macText === null ? null : parseMac(macText);
  if (macText !== null && !mac)
    throw invalidInput([
      {
        field: body['caller-id'] !== undefined ? 'caller-id' : 'mac',
        message: 'caller-id must be a MAC address',
      },
    ]);
  const ip = text(body, ['remote-address', 'ip'], 45);
  if (ip !== null && !isIP(ip))
    throw invalidInput([
      {
        field: body['remote-address'] !== undefined ? 'remote-address' : 'ip',
        message: 'remote-address must be an IP address',
      },
    ]);
  return {
    pppoeId: user,
    action,
    mac,
    ip,
    router: text(body, ['router'], 64),
    iface: text(body, ['interface'], 64),
    routerTime: text(body, ['time'], 40),
  };
}

const badKey = (message: string) =>
  new UnauthorizedException({ statusCode: 401, message, code: 'INGEST_KEY_INVALID' });

export class IngestRateLimited extends HttpException {
  constructor(retryAfterSeconds: number) {
    super(
      {
        statusCode: HttpStatus.TOO_MANY_REQUESTS,
        message: `Too many session events for this key; retry in ${retryAfterSeconds} s`,
        code: 'RATE_LIMITED',
        retryAfterSeconds,
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/**
 * Writes session events durably before they are acknowledged, in batches: events arriving together (a
 * PON going down makes a hundred routers post at once) share one transaction and one commit, so a storm
 * costs a few commits a second instead of one per event. Each batch adds to the per-day drop counts and
 * the routers' last events in the same transaction. Browsers are told afterwards, at most twice a second.
 */
@Injectable()
export class SessionIngestService implements OnApplicationShutdown {
  private readonly logger = new Logger(SessionIngestService.name);
  private pending: Pending[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private flushing = 0;
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly toPush = new Map<string, SessionEventPushed[]>();
  private pushTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly gateway: RealtimeGateway,
    private readonly keys: IngestKeysService,
  ) {}

  /**
   * One posted event: its key (header, else the body's or the URL's `key` field) finds the tenant, the
   * fields are read, and the promise settles once the event is committed.
   */
  async receive(headerKey: string | undefined, queryKey: string | undefined, body: unknown): Promise<void> {
    const fields =
      body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const key = headerKey ?? (typeof fields.key === 'string' ? fields.key : undefined) ?? queryKey;
    if (!key) throw badKey('An ingest key is required (X-Ingest-Key header)');
    const tenantId = await this.keys.tenantOf(key.trim());
    if (!tenantId) throw badKey('This ingest key is not valid');
    await this.accept(tenantId, readSessionEvent(fields));
  }

  /** Resolves once the event is committed; rejects (and nothing is kept) when it could not be. */
  accept(tenantId: string, event: Omit<SessionEventRecord, 'tenantId' | 'receivedAt'>): Promise<void> {
    this.count(tenantId);
    return new Promise<void>((resolve, reject) => {
      this.pending.push({
        ...event,
        tenantId,
        receivedAt: new Date(),
        done: (error) => (error ? reject(error) : resolve()),
      });
      this.schedule();
    });
  }

  async onApplicationShutdown(): Promise<void> {
    // What has been accepted is written before the process goes.
    if (this.timer) clearTimeout(this.timer);
    while (this.pending.length || this.flushing) {
      if (this.pending.length && this.flushing < FLUSHES_AT_ONCE) void this.flush();
      await new Promise((r) => setTimeout(r, 5));
    }
    if (this.pushTimer) clearTimeout(this.pushTimer);
  }

  private count(tenantId: string): void {
    const now = Date.now();
    let w = this.windows.get(tenantId);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + 60_000 };
      this.windows.set(tenantId, w);
    }
    w.count += 1;
    if (w.count > INGEST_EVENTS_PER_MINUTE) throw new IngestRateLimited(Math.ceil((w.resetAt - now) / 1000));
  }

  private schedule(): void {
    if (this.pending.length >= BATCH_MAX && this.flushing < FLUSHES_AT_ONCE) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      void this.flush();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      if (this.flushing < FLUSHES_AT_ONCE) void this.flush();
      // All writers busy: the batch grows and goes when one is free.
    }, BATCH_WAIT_MS);
  }

  private async flush(): Promise<void> {
    const batch = this.pending.splice(0, BATCH_MAX);
    if (!batch.length) return;
    this.flushing += 1;
    try {
      const stored = await writeSessionEvents(this.db, batch);
      for (const e of batch) e.done();
      // An event told twice is acknowledged both times and told to the browsers once.
      this.queuePush(stored);
    } catch (error) {
      this.logger.error(`${batch.length} session events not stored: ${String(error)}`);
      for (const e of batch) e.done(error);
    } finally {
      this.flushing -= 1;
      if (this.pending.length) this.schedule();
    }
  }

  private queuePush(batch: readonly SessionEventRecord[]): void {
    for (const e of batch) {
      const list = this.toPush.get(e.tenantId) ?? [];
      list.push({ pppoeId: e.pppoeId, action: e.action, at: e.receivedAt.toISOString(), router: e.router });
      this.toPush.set(e.tenantId, list);
    }
    this.pushTimer ??= setTimeout(() => {
      this.pushTimer = null;
      void this.push().catch((error: unknown) =>
        this.logger.warn(`session events not pushed: ${String(error)}`),
      );
    }, PUSH_EVERY_MS);
  }

  /**
   * Tells the tenant's browsers: those who see every OLT get every event, a user permitted on some OLTs
   * only the events of PPPoE ids carried by ONUs of those OLTs.
   */
  private async push(): Promise<void> {
    const all = [...this.toPush];
    this.toPush.clear();
    const server = this.gateway.server;
    if (!server) return;
    for (const [tenantId, events] of all) {
      server.to(allOltsRoom(tenantId)).emit('session.events', { events });
      const byOlt = await oltsCarryingPppoeIds(
        this.db,
        tenantId,
        events.map((e) => e.pppoeId),
      );
      for (const [oltId, pppoes] of byOlt)
        server
          .to(oltRoom(oltId))
          .except(allOltsRoom(tenantId))
          .emit('session.events', {
            events: events.filter((e) => pppoes.has(e.pppoeId)),
          });
    }
  }
}
