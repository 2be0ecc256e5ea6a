import {
  RouterOsError,
  RouterOsErrorCode,
  type RouterOsConnection,
  type RouterOsTarget,
} from '@pondesk/device-routeros';
import { RouterConnectionPool, RouterReadAborted } from './router-connection-pool';

/** A connection that answers nothing itself: the tests' reads decide what happens on it. */
class FakeConnection implements RouterOsConnection {
  readonly transport = 'api' as const;
  closed = false;
  closeCalls = 0;

  constructor(
    readonly target: string,
    readonly serial: number,
  ) {}

  print = () => Promise.resolve([]);
  add = () => Promise.resolve('*1');
  set = () => Promise.resolve();
  remove = () => Promise.resolve();
  run = () => Promise.resolve([]);
  close = () => {
    this.closed = true;
    this.closeCalls++;
    return Promise.resolve();
  };
}

const router = (over: Partial<RouterOsTarget> = {}): RouterOsTarget => ({
  host: '127.0.0.1',
  port: 8728,
  username: 'pondesk',
  password: 'pondesk-api',
  ...over,
});

const routerError = (code: RouterOsErrorCode) => new RouterOsError(code, code, '127.0.0.1:8728');

describe('RouterConnectionPool', () => {
  let opened: FakeConnection[];
  let pool: RouterConnectionPool;
  const open = jest.fn((t: RouterOsTarget) => {
    const c = new FakeConnection(`${t.host}:${t.port}`, opened.length + 1);
    opened.push(c);
    return Promise.resolve<RouterOsConnection>(c);
  });

  beforeEach(() => {
    opened = [];
    open.mockClear();
    pool = new RouterConnectionPool(open, 60_000);
  });
  afterEach(() => pool.closeAll());

  const serial = (c: RouterOsConnection) => (c as FakeConnection).serial;

  it('keeps one connection per router and reuses it', async () => {
    const first = await pool.use(router(), async (c, use) => [serial(c), use.opened]);
    const second = await pool.use(router(), async (c, use) => [serial(c), use.opened]);
    expect([first, second]).toEqual([
      [1, true],
      [1, false],
    ]);
    expect(open).toHaveBeenCalledTimes(1);
    // Another router, or the same one with another user or password, gets its own.
    expect(await pool.use(router({ port: 8729 }), async (c) => serial(c))).toBe(2);
    expect(await pool.use(router({ password: 'changed' }), async (c) => serial(c))).toBe(3);
    expect(await pool.use(router({ username: 'other' }), async (c) => serial(c))).toBe(4);
    expect(pool.size).toBe(4);
  });

  it('runs the reads of one router one at a time, in order, and those of two routers at once', async () => {
    const events: string[] = [];
    let letFirstEnd!: () => void;
    const firstHeld = new Promise<void>((r) => (letFirstEnd = r));
    const a1 = pool.use(router(), async () => {
      events.push('a1 start');
      await firstHeld;
      events.push('a1 end');
    });
    const a2 = pool.use(router(), async (_c, use) => {
      events.push('a2 start');
      expect(use.waitedMs).toBeGreaterThanOrEqual(0);
    });
    const b = pool.use(router({ host: '127.0.0.2' }), async () => {
      events.push('b start');
    });
    await b;
    await new Promise((r) => setImmediate(r));
    expect(events).toEqual(['a1 start', 'b start']);
    letFirstEnd();
    await Promise.all([a1, a2]);
    expect(events).toEqual(['a1 start', 'b start', 'a1 end', 'a2 start']);
  });

  it('closes a connection after a broken read and opens a new one for the next', async () => {
    await expect(
      pool.use(router(), async () => {
        throw routerError(RouterOsErrorCode.TIMEOUT);
      }),
    ).rejects.toMatchObject({ code: RouterOsErrorCode.TIMEOUT });
    expect(opened[0].closed).toBe(true);
    expect(await pool.use(router(), async (c) => serial(c))).toBe(2);
  });

  it('keeps the connection when the router only refused one command', async () => {
    await expect(
      pool.use(router(), async () => {
        throw routerError(RouterOsErrorCode.COMMAND_FAILED);
      }),
    ).rejects.toMatchObject({ code: RouterOsErrorCode.COMMAND_FAILED });
    expect(opened[0].closed).toBe(false);
    expect(await pool.use(router(), async (c) => serial(c))).toBe(1);
  });

  it('retries once on a fresh connection when a kept one turns out closed by the router', async () => {
    await pool.use(router(), async () => undefined);
    let calls = 0;
    const got = await pool.use(router(), async (c) => {
      calls++;
      if (serial(c) === 1) throw routerError(RouterOsErrorCode.CLOSED);
      return serial(c);
    });
    expect([got, calls]).toEqual([2, 2]);
    // A fresh connection that fails is not retried.
    await expect(
      pool.use(router({ host: '127.0.0.3' }), async () => {
        calls++;
        throw routerError(RouterOsErrorCode.CLOSED);
      }),
    ).rejects.toMatchObject({ code: RouterOsErrorCode.CLOSED });
    expect(calls).toBe(3);
  });

  it('passes a refused login on and keeps nothing', async () => {
    open.mockImplementationOnce(() => Promise.reject(routerError(RouterOsErrorCode.LOGIN_FAILED)));
    await expect(pool.use(router(), async () => 'read')).rejects.toMatchObject({
      code: RouterOsErrorCode.LOGIN_FAILED,
    });
    expect(pool.size).toBe(0);
    expect(await pool.use(router(), async () => 'read')).toBe('read');
  });

  it('gives up at the deadline: the connection is closed and the next read starts on a new one', async () => {
    const deadline = new AbortController();
    const stuck = pool.use(router(), (c) => new Promise<never>(() => void c), deadline.signal);
    // A read queued behind it with its own deadline, abandoned before its turn.
    const queuedDeadline = new AbortController();
    const queued = pool.use(router(), async () => 'never runs', queuedDeadline.signal);
    queuedDeadline.abort(new RouterReadAborted('queued too long'));
    await expect(queued).rejects.toThrow('queued too long');
    await new Promise((r) => setImmediate(r));
    deadline.abort(new RouterReadAborted('took too long'));
    await expect(stuck).rejects.toThrow('took too long');
    expect(opened[0].closed).toBe(true);
    expect(await pool.use(router(), async (c) => serial(c))).toBe(2);
  });

  it('closes a connection unused for the idle time', async () => {
    const quick = new RouterConnectionPool(open, 30);
    await quick.use(router(), async () => undefined);
    expect(quick.size).toBe(1);
    await new Promise((r) => setTimeout(r, 80));
    expect(opened[0].closed).toBe(true);
    expect(quick.size).toBe(0);
    expect(await quick.use(router(), async (c) => serial(c))).toBe(2);
    await quick.closeAll();
    expect(opened[1].closed).toBe(true);
  });

  it('closes every connection at shutdown and refuses reads after it', async () => {
    await pool.use(router(), async () => undefined);
    await pool.use(router({ host: '127.0.0.2' }), async () => undefined);
    await pool.closeAll();
    expect(opened.map((c) => c.closed)).toEqual([true, true]);
    await expect(pool.use(router(), async () => undefined)).rejects.toMatchObject({
      code: RouterOsErrorCode.CLOSED,
    });
  });
});
