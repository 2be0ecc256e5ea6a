import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { JwtService } from '@nestjs/jwt';
import WebSocket from 'ws';
import type { Client } from 'pg';
import { ONU_DOWN_REASONS, ONU_SORTS, RX_THRESHOLDS, type OnuList } from '@pondesk/contracts';
import { unique, type ApiClient } from '@pondesk/server-testing';

/**
 * Load-test helpers: signed-in sessions in bulk, the API process's memory, a pool of HTTP clients
 * hammering the ONU lists, and a fleet of sockets counting what they receive.
 */

const MB = 1024 * 1024;
export const mb = (bytes: number): number => Math.round((bytes / MB) * 10) / 10;

/** A field of `/proc/<pid>/status` in bytes (VmRSS: resident now; VmHWM: the highest it has been). */
export function procMemory(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  const kb = line ? Number(/(\d+)/.exec(line)?.[1]) : NaN;
  if (!Number.isFinite(kb)) throw new Error(`no ${field} for process ${pid}`);
  return kb * 1024;
}

/** CPU seconds (user + system) a process has used so far, from `/proc/<pid>/stat`. */
export function procCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks: USER_HZ is 100 on Linux
}

/** CPU seconds of the Postgres backends serving `database` (the API's pool), other than `db`'s own. */
export async function postgresCpuSeconds(db: Pick<Client, 'query'>, database: string): Promise<number> {
  const { rows } = await db.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  let total = 0;
  for (const { pid } of rows) {
    try {
      total += procCpuSeconds(pid);
    } catch {
      // a backend that ended meanwhile
    }
  }
  return total;
}

/**
 * The Node inspector of a process started with `NODE_OPTIONS=--inspect=127.0.0.1:0` (its address is
 * read from the process's output): a full garbage collection before each memory reading, so two
 * readings compare live memory, not how much garbage V8 happened to leave uncollected.
 */
export class ProcessInspector {
  private nextId = 0;
  private readonly pending = new Map<number, (result: unknown) => void>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { id?: number; result?: unknown };
      if (msg.id !== undefined) this.pending.get(msg.id)?.(msg.result);
      this.pending.delete(msg.id ?? -1);
    });
  }

  static async attach(output: () => string): Promise<ProcessInspector> {
    const url = /Debugger listening on (ws:\/\/127\.0\.0\.1:\d+\/[0-9a-f-]+)/.exec(output())?.[1];
    if (!url) throw new Error('the process has no inspector (NODE_OPTIONS=--inspect=127.0.0.1:0)');
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new ProcessInspector(ws);
  }

  private call(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = ++this.nextId;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  /** `process.memoryUsage()` of the process right after a full garbage collection. */
  async memoryAfterGc(): Promise<NodeJS.MemoryUsage> {
    await this.call('HeapProfiler.collectGarbage');
    const res = (await this.call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
    })) as { result: { value: string } };
    return JSON.parse(res.result.value) as NodeJS.MemoryUsage;
  }

  close(): void {
    this.ws.close();
  }
}

/** Samples a process's RSS every `intervalMs` until stopped; `peak` is the highest sample. */
export function sampleRss(pid: number, intervalMs = 50): { stop(): { peak: number; samples: number } } {
  let peak = procMemory(pid);
  let samples = 1;
  const timer = setInterval(() => {
    peak = Math.max(peak, procMemory(pid));
    samples++;
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, procMemory(pid));
      return { peak, samples: samples + 1 };
    },
  };
}

/**
 * `count` live sessions of one user, written as a sign-in writes them (`auth_session`), each with the
 * access token a sign-in returns ({sub, tid, sid}, HS256, 15 minutes). Sign-in itself is rate limited
 * per address and costs a password hash each, so a load test opens its sessions this way.
 */
export async function seedSessions(
  db: Pick<Client, 'query'>,
  jwtSecret: string,
  user: { id: string; tenantId: string },
  count: number,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO auth_session (user_id, is_platform_admin, expires_at, created_ip, user_agent)
     SELECT $1, false, now() + interval '1 day', '127.0.0.1', 'pondesk-load-test' FROM generate_series(1, $2::int)
     RETURNING id`,
    [user.id, count],
  );
  const jwt = new JwtService();
  return rows.map((r) =>
    jwt.sign(
      { sub: user.id, tid: user.tenantId, sid: r.id, typ: 'access' },
      { secret: jwtSecret, expiresIn: 15 * 60, algorithm: 'HS256' },
    ),
  );
}

/**
 * A staff user of the admin's tenant: a new role holding exactly `codes`, a user in it, and the OLTs
 * granted to them. No sign-in: their sessions come from `seedSessions`.
 */
export async function createStaffUser(
  client: ApiClient,
  admin: { token: string; tenantId: string },
  codes: number[],
  oltIds: string[],
): Promise<{ id: string; tenantId: string }> {
  const adminToken = admin.token;
  const role = await client.post<{ id: string }>(
    '/roles',
    { name: unique('role'), menuCodes: codes },
    adminToken,
  );
  if (role.status !== 201) throw new Error(`role: ${role.status} ${JSON.stringify(role.body)}`);
  const username = unique('staff');
  const user = await client.post<{ id: string }>(
    '/users',
    { username, email: `${username}@example.test`, password: `pw-${username}`, roleId: role.body.id },
    adminToken,
  );
  if (user.status !== 201) throw new Error(`user: ${user.status} ${JSON.stringify(user.body)}`);
  if (oltIds.length) {
    const res = await client.put(
      `/users/${user.body.id}/olt-permissions`,
      { action: 'add', oltIds },
      adminToken,
    );
    if (res.status !== 200) throw new Error(`olt permissions: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { id: user.body.id, tenantId: admin.tenantId };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((sorted.length * p) / 100) - 1))];
}

/** One signed-in user of the ONU lists: what they may see, and how many sessions they hold. */
export interface ListUser {
  label: string;
  tokens: string[];
  /** The OLTs this user may see, in the order of their codes. */
  olts: string[];
  /** How many ONUs the user sees in all (the unfiltered list's `total`). */
  visibleOnus: number;
}

/** A tiny deterministic generator, so a failing mix can be replayed from its seed. */
function prng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x1_0000_0000;
  };
}

const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];

/**
 * The next request of one client: either ONU list (Olt Data Port's `/onus`, Olt Port's
 * `/olt-ports/onus`), paged, sorted and filtered as operators do (by OLT and port, status and reason,
 * signal band, search), within the OLTs the user may see. `plain` marks the unfiltered list, whose
 * total is known.
 */
export function nextListRequest(
  user: ListUser,
  rnd: () => number,
): { path: string; plain: boolean; pageSize: number } {
  const route = rnd() < 0.5 ? '/onus' : '/olt-ports/onus';
  const pageSize = pick(rnd, [20, 20, 20, 50, 100]);
  const sort = pick(rnd, ONU_SORTS);
  const order = rnd() < 0.5 ? 'asc' : 'desc';
  const q = new URLSearchParams({ pageSize: String(pageSize), sort, order });
  const kind = user.olts.length ? Math.floor(rnd() * 6) : pick(rnd, [0, 4, 5]);
  const olt = user.olts.length ? pick(rnd, user.olts) : '';
  switch (kind) {
    case 0: {
      const pages = Math.max(1, Math.ceil(user.visibleOnus / pageSize));
      // Mostly the first pages, sometimes deep into the list.
      q.set(
        'page',
        String(rnd() < 0.7 ? 1 + Math.floor(rnd() * Math.min(5, pages)) : 1 + Math.floor(rnd() * pages)),
      );
      return { path: `${route}?${q}`, plain: true, pageSize };
    }
    case 1:
      q.set('oltId', olt);
      q.set('ponPort', String(1 + Math.floor(rnd() * 16)));
      break;
    case 2:
      q.set('oltId', olt);
      q.set('status', 'offline');
      q.set('reason', pick(rnd, ONU_DOWN_REASONS.slice(0, 3)));
      break;
    case 3:
      q.set('oltId', olt);
      q.set('page', String(1 + Math.floor(rnd() * 3)));
      break;
    case 4:
      q.set('signal', pick(rnd, RX_THRESHOLDS));
      q.set('page', String(1 + Math.floor(rnd() * 3)));
      break;
    default:
      // What the search box sends: part of a PPPoE id.
      q.set('search', `user${1 + Math.floor(rnd() * 20)}_${Math.floor(rnd() * 500)}`);
  }
  return { path: `${route}?${q}`, plain: false, pageSize };
}

export interface ListRound {
  requests: number;
  /** Every failure: a non-2xx status, a socket error or timeout, or a response showing what it must not. */
  errors: string[];
  seconds: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * Every session of every user as one client, each sending its next request as soon as the last one
 * answered, for `durationMs`. Each response is checked: 200, only ONUs of OLTs the user may see, no
 * more rows than asked for, and the unfiltered list's total equal to what the user sees.
 */
export async function hammerLists(
  baseUrl: string,
  users: readonly ListUser[],
  durationMs: number,
  seed: number,
): Promise<ListRound> {
  const latencies: number[] = [];
  const errors: string[] = [];
  const t0 = performance.now();
  const deadline = t0 + durationMs;
  const clients = users.flatMap((user) => user.tokens.map((token) => ({ user, token })));
  await Promise.all(
    clients.map(async ({ user, token }, i) => {
      const rnd = prng(seed * 7919 + i + 1);
      const visible = new Set(user.olts);
      while (performance.now() < deadline) {
        const { path, plain, pageSize } = nextListRequest(user, rnd);
        const start = performance.now();
        try {
          const res = await fetch(`${baseUrl}/api/v1${path}`, {
            headers: { authorization: `Bearer ${token}` },
            signal: AbortSignal.timeout(30000),
          });
          const text = await res.text();
          latencies.push(performance.now() - start);
          if (res.status !== 200) {
            errors.push(`${user.label} ${path} → ${res.status} ${text.slice(0, 200)}`);
            continue;
          }
          const body = JSON.parse(text) as OnuList;
          const foreign = body.items.find((row) => !visible.has(row.oltId));
          if (foreign) errors.push(`${user.label} ${path} → an ONU of OLT ${foreign.oltId}, not permitted`);
          if (body.items.length > pageSize) errors.push(`${user.label} ${path} → ${body.items.length} rows`);
          if (plain && body.total !== user.visibleOnus)
            errors.push(`${user.label} ${path} → total ${body.total}, expected ${user.visibleOnus}`);
        } catch (error) {
          latencies.push(performance.now() - start);
          errors.push(
            `${user.label} ${path} → ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
          );
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    requests: sorted.length,
    errors,
    seconds: round(seconds),
    throughput: round(sorted.length / seconds),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? NaN),
  };
}

/** Milliseconds since the epoch at sub-millisecond resolution, comparable across worker threads. */
export const epochMs = (): number => performance.timeOrigin + performance.now();

/** What one socket of a `SocketFleet` received. */
export interface SocketStats {
  label: string;
  /** The OLTs whose events this socket is entitled to. */
  entitled: readonly string[];
  /** ONU status changes received (each `onu.status.changed` message carries one OLT's batch). */
  received: number;
  /** `onu.status.changed` messages (Socket.IO frames) received, however many changes each carried. */
  frames: number;
  /** Changes of OLTs this socket must not hear about, and other OLTs' poll results. */
  foreign: number;
  duplicates: number;
  /** Tenant-wide probes heard (proof the socket has joined its tenant's room). */
  probes: number;
  /** Entitled OLTs whose `olt.poll.finished` it has heard (proof it has joined their rooms). */
  oltsHeard: number;
  /** Why and when (`epochMs`) the socket was disconnected. */
  disconnects: { reason: string; at: number }[];
  /** When (`epochMs`) its last `onu.status.changed` message arrived; 0 = none. */
  lastAt: number;
  connected: boolean;
}

type WorkerReply =
  | { type: 'connected' | 'closed' }
  | { type: 'stats'; sockets: Omit<SocketStats, 'label' | 'entitled'>[] }
  | { type: 'error'; message: string };

/**
 * Many Socket.IO clients spread over worker threads (`socket-fleet.worker.cjs`), each counting the
 * changes of every `onu.status.changed` message by ONU (its position in `onuRefs`) against the OLTs it is
 * entitled to, and the messages themselves,
 * the tenant-wide probes, and `olt.poll.finished` per entitled OLT (any other OLT's counts as foreign). One thread parsing every delivery of hundreds of sockets falls behind
 * under a burst, and the server then closes the lagging sockets on its ping timeout.
 */
export class SocketFleet {
  private constructor(
    private readonly shares: { worker: Worker; members: { label: string; entitled: readonly string[] }[] }[],
  ) {}

  static async connect(
    url: string,
    groups: readonly { label: string; tokens: readonly string[]; entitled: readonly string[] }[],
    onuRefs: readonly string[],
    { threads = 2, concurrency = 25 } = {},
  ): Promise<SocketFleet> {
    const all = groups.flatMap((g) =>
      g.tokens.map((token) => ({ label: g.label, entitled: g.entitled, token })),
    );
    // Round-robin, so every thread holds a mix of heavy and light sockets.
    const parts = Array.from({ length: threads }, (_, t) => all.filter((_, i) => i % threads === t));
    const fleet = new SocketFleet(
      parts.map((members) => ({
        worker: new Worker(join(__dirname, 'socket-fleet.worker.cjs'), {
          workerData: {
            url,
            onuRefs,
            concurrency,
            sockets: members.map((m) => ({ token: m.token, entitled: m.entitled })),
          },
        }),
        members: members.map(({ label, entitled }) => ({ label, entitled })),
      })),
    );
    try {
      await Promise.all(fleet.shares.map((s) => fleet.ask(s.worker, 'connect')));
    } catch (error) {
      await fleet.close();
      throw error;
    }
    return fleet;
  }

  get size(): number {
    return this.shares.reduce((n, s) => n + s.members.length, 0);
  }

  private ask(worker: Worker, type: 'connect' | 'stats' | 'close'): Promise<WorkerReply> {
    return new Promise((resolve, reject) => {
      const onMessage = (reply: WorkerReply) => {
        worker.off('error', onError);
        if (reply.type === 'error') reject(new Error(reply.message));
        else resolve(reply);
      };
      const onError = (error: Error) => {
        worker.off('message', onMessage);
        reject(error);
      };
      worker.once('message', onMessage);
      worker.once('error', onError);
      worker.postMessage({ type });
    });
  }

  /** Every socket's counts, in the order of the groups given to `connect`. */
  async stats(): Promise<SocketStats[]> {
    const replies = await Promise.all(this.shares.map((s) => this.ask(s.worker, 'stats')));
    const out: SocketStats[][] = replies.map((reply, t) => {
      if (reply.type !== 'stats') throw new Error(`unexpected reply ${reply.type}`);
      return reply.sockets.map((stats, i) => ({ ...this.shares[t].members[i], ...stats }));
    });
    // Undo the round-robin.
    return Array.from({ length: this.size }, (_, i) => out[i % out.length][Math.floor(i / out.length)]);
  }

  async close(): Promise<void> {
    await Promise.all(
      this.shares.map(async ({ worker }) => {
        await this.ask(worker, 'close').catch(() => undefined);
        await worker.terminate();
      }),
    );
  }
}
