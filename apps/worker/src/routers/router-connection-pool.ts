import { createHash, randomBytes } from 'node:crypto';
import {
  RouterOsError,
  RouterOsErrorCode,
  type RouterOsConnection,
  type RouterOsTarget,
} from '@pondesk/device-routeros';
import { keepsConnection } from './router-session-mapper';

/** A router nobody has read for this long gets its connection closed. */
export const ROUTER_IDLE_CLOSE_MS = 60_000;

/** Why a read stopped before it finished (its deadline passed); the pool drops the connection it held. */
export class RouterReadAborted extends Error {
  constructor(message = 'The read was abandoned') {
    super(message);
    this.name = 'RouterReadAborted';
  }
}

interface PoolEntry {
  key: string;
  /** `host:port`, for logs. */
  target: string;
  connection: RouterOsConnection | null;
  /** Settles when the last read queued on this router has finished: the next one waits for it. */
  tail: Promise<void>;
  /** Reads waiting or running. */
  users: number;
  idle: NodeJS.Timeout | null;
}

export interface PooledUse {
  /** The connection was opened for this read (not kept from an earlier one). */
  opened: boolean;
  /** How long the read waited for the router's earlier reads. */
  waitedMs: number;
}

/**
 * One logged-in RouterOS connection per router, kept between reads and closed after a minute unused or at
 * shutdown. A router is keyed by its checked address, port, user and a salted hash of the password, so a
 * changed password opens a new connection (the old one idles out) and no password is kept as a key.
 *
 * Reads of one router run one at a time, each a handful of short commands on its one connection: a BRAS
 * serves thousands of subscribers and gets at most one command from us at any moment, a timeout inside
 * one read cannot leave a half-answered command under another read, and a read that waited finds the
 * tables the one before it cached. A read waits for no other router.
 *
 * A connection that fails other than by the router refusing one command is closed and forgotten; the
 * next read opens another. A kept connection the router has since closed is found on its first command
 * and that read is retried once on a fresh one.
 */
export class RouterConnectionPool {
  private readonly entries = new Map<string, PoolEntry>();
  /** Keys carry a hash of the password; the salt keeps that hash useless outside this process. */
  private readonly salt = randomBytes(16);
  private closing = false;

  constructor(
    private readonly open: (target: RouterOsTarget) => Promise<RouterOsConnection>,
    private readonly idleMs = ROUTER_IDLE_CLOSE_MS,
  ) {}

  /** How many routers have a connection open now. */
  get size(): number {
    return [...this.entries.values()].filter((e) => e.connection && !e.connection.closed).length;
  }

  /**
   * Runs `read` on the router's connection once the router's earlier reads are done. When `signal` aborts
   * (the read's deadline), the caller gets `RouterReadAborted` at once and the connection is closed, which
   * ends any command still waiting on it.
   */
  async use<T>(
    target: RouterOsTarget,
    read: (connection: RouterOsConnection, use: PooledUse) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    if (this.closing)
      throw new RouterOsError(RouterOsErrorCode.CLOSED, 'The worker is shutting down', targetOf(target));
    const entry = this.entry(target);
    entry.users++;
    this.stopIdle(entry);
    const before = entry.tail;
    let release!: () => void;
    entry.tail = new Promise<void>((resolve) => (release = resolve));
    const queuedAt = Date.now();
    try {
      try {
        await untilAborted(before, signal);
      } catch (error) {
        // Abandoned while queued: the next read still waits for the one running now.
        void before.then(release);
        throw error;
      }
      const waitedMs = Date.now() - queuedAt;
      try {
        return await untilAborted(this.run(entry, target, read, waitedMs, signal), signal);
      } catch (error) {
        if (error instanceof RouterReadAborted) await this.drop(entry);
        throw error;
      } finally {
        release();
      }
    } finally {
      entry.users--;
      this.startIdle(entry);
    }
  }

  /** Closes every connection (worker shutdown); reads still running fail with `CLOSED`. */
  async closeAll(): Promise<void> {
    this.closing = true;
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(entries.map((e) => this.drop(e)));
  }

  private async run<T>(
    entry: PoolEntry,
    target: RouterOsTarget,
    read: (connection: RouterOsConnection, use: PooledUse) => Promise<T>,
    waitedMs: number,
    signal?: AbortSignal,
  ): Promise<T> {
    const kept = entry.connection && !entry.connection.closed ? entry.connection : null;
    const connection = kept ?? (await this.connect(entry, target, signal));
    try {
      return await read(connection, { opened: !kept, waitedMs });
    } catch (error) {
      if (keepsConnection(error)) throw error;
      await this.drop(entry, connection);
      // A kept connection the router closed while it sat idle: one more try, on a new one.
      if (kept && isClosed(error) && !this.closing && !signal?.aborted) {
        const fresh = await this.connect(entry, target, signal);
        try {
          return await read(fresh, { opened: true, waitedMs });
        } catch (again) {
          if (!keepsConnection(again)) await this.drop(entry, fresh);
          throw again;
        }
      }
      throw error;
    }
  }

  private async connect(
    entry: PoolEntry,
    target: RouterOsTarget,
    signal?: AbortSignal,
  ): Promise<RouterOsConnection> {
    const connection = await this.open(target);
    // Abandoned or shut down while the login was under way: nobody will use it, and a later read may
    // already hold a connection of its own here.
    if (signal?.aborted || this.closing || this.entries.get(entry.key) !== entry) {
      await connection.close().catch(() => undefined);
      throw signal?.aborted
        ? abortError(signal)
        : new RouterOsError(RouterOsErrorCode.CLOSED, 'The worker is shutting down', entry.target);
    }
    entry.connection = connection;
    return connection;
  }

  /** Closes the entry's connection (only `which`, when given and still the entry's). */
  private async drop(entry: PoolEntry, which?: RouterOsConnection): Promise<void> {
    const connection = entry.connection;
    if (!connection || (which && which !== connection)) {
      if (which) await which.close().catch(() => undefined);
      return;
    }
    entry.connection = null;
    await connection.close().catch(() => undefined);
  }

  private entry(target: RouterOsTarget): PoolEntry {
    const key = this.keyOf(target);
    let entry = this.entries.get(key);
    if (!entry) {
      entry = {
        key,
        target: targetOf(target),
        connection: null,
        tail: Promise.resolve(),
        users: 0,
        idle: null,
      };
      this.entries.set(key, entry);
    }
    return entry;
  }

  private keyOf(target: RouterOsTarget): string {
    const secret = createHash('sha256').update(this.salt).update(target.password, 'utf8').digest('hex');
    return `${target.transport ?? 'api'}|${targetOf(target)}|${target.username}|${secret.slice(0, 32)}`;
  }

  private stopIdle(entry: PoolEntry): void {
    if (entry.idle) clearTimeout(entry.idle);
    entry.idle = null;
  }

  private startIdle(entry: PoolEntry): void {
    if (entry.users > 0 || this.closing) return;
    this.stopIdle(entry);
    entry.idle = setTimeout(() => {
      entry.idle = null;
      if (entry.users > 0) return;
      if (this.entries.get(entry.key) === entry) this.entries.delete(entry.key);
      void this.drop(entry);
    }, this.idleMs);
    // An idle connection must not keep the process alive.
    entry.idle.unref();
  }
}

export const targetOf = (t: RouterOsTarget): string => `${t.host}:${t.port ?? 8728}`;

const isClosed = (error: unknown): boolean =>
  error instanceof RouterOsError && error.code === RouterOsErrorCode.CLOSED;

/** `work`, or `RouterReadAborted` as soon as `signal` aborts (the work's own failure is then ignored). */
function untilAborted<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(abortError(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => undefined);
      reject(abortError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

const abortError = (signal: AbortSignal): RouterReadAborted =>
  signal.reason instanceof RouterReadAborted ? signal.reason : new RouterReadAborted();
