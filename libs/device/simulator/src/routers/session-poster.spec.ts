import { SessionPoster } from './session-poster';
import type { SessionEvent } from './session-event';

const URL_ = 'http://127.0.0.1:9/api/v1/ingest/session-events';

const event = (i: number): SessionEvent => ({
  action: i % 2 ? 'up' : 'down',
  user: `user${i}@isp`,
  callerId: '02:AA:BB:CC:DD:EE',
  remoteAddress: `100.64.0.${i}`,
  router: 'BRAS-olt',
});

interface Call {
  url: string;
  init: RequestInit;
  answer(status: number, body?: string): void;
  throwError(err: unknown): void;
}

/** A fetch whose answers the test gives by hand. */
function handFetch() {
  const calls: Call[] = [];
  const fn = ((url: string, init: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      calls.push({
        url,
        init,
        answer: (status, body = '') => resolve(new Response(body, { status })),
        throwError: reject,
      });
    })) as unknown as typeof fetch;
  return { calls, fn };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('SessionPoster', () => {
  it('posts each event once with the ingest key and the form body, counting answers', async () => {
    const f = handFetch();
    const log = jest.fn();
    const p = new SessionPoster(URL_, 'key-1', { fetch: f.fn, log });
    p.post([event(1)]);
    expect(f.calls).toHaveLength(1);
    expect(f.calls[0].url).toBe(URL_);
    expect(f.calls[0].init).toMatchObject({
      method: 'POST',
      headers: { 'X-Ingest-Key': 'key-1', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'action=up&user=user1%40isp&caller-id=02%3AAA%3ABB%3ACC%3ADD%3AEE&remote-address=100.64.0.1&router=BRAS-olt',
    });
    f.calls[0].answer(202, '{"accepted":true}');
    await p.idle();
    expect(p.stats()).toMatchObject({
      posted: 1,
      accepted: 1,
      failed: 0,
      byStatus: { '202': 1 },
      lastError: null,
    });
    expect(log).not.toHaveBeenCalled();
  });

  it('keeps at most 32 posts in flight and sends the rest as answers come', async () => {
    const f = handFetch();
    const p = new SessionPoster(URL_, 'k', { fetch: f.fn, log: () => undefined });
    p.post(Array.from({ length: 40 }, (_, i) => event(i)));
    expect(f.calls).toHaveLength(32);
    expect(p.stats()).toMatchObject({ inFlight: 32, queued: 8 });
    for (let i = 0; i < 5; i++) f.calls[i].answer(202);
    await tick();
    expect(f.calls).toHaveLength(37);
    for (const c of f.calls.slice(5)) c.answer(202);
    await tick();
    for (const c of f.calls.slice(37)) c.answer(202);
    await p.idle();
    expect(f.calls).toHaveLength(40);
    expect(p.stats()).toMatchObject({ posted: 40, accepted: 40, inFlight: 0, queued: 0 });
  });

  it('counts failures, never retries, and logs once per kind of error', async () => {
    const f = handFetch();
    const log = jest.fn();
    const p = new SessionPoster(URL_, 'bad', { fetch: f.fn, log });
    p.post([event(1), event(2), event(3), event(4), event(5)]);
    f.calls[0].answer(401, '{"message":"This ingest key is not valid"}');
    f.calls[1].answer(401, '{"message":"This ingest key is not valid"}');
    f.calls[2].answer(429, 'slow down');
    f.calls[3].throwError(
      new TypeError('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }),
    );
    f.calls[4].answer(400, '{"message":"caller-id must be a MAC address"}');
    await p.idle();
    expect(f.calls).toHaveLength(5);
    expect(p.stats()).toMatchObject({
      posted: 5,
      accepted: 0,
      failed: 5,
      byStatus: { '401': 2, '429': 1, '400': 1 },
      lastError: 'HTTP 400 caller-id must be a MAC address',
    });
    expect(log).toHaveBeenCalledTimes(4);
    expect(log.mock.calls.map(([l]) => l).join('\n')).toMatch(/HTTP 401 This ingest key is not valid/);
    expect(log.mock.calls.map(([l]) => l).join('\n')).toMatch(/fetch failed: refused/);
  });

  it('gives up on a post after its timeout', async () => {
    const f = handFetch();
    const log = jest.fn();
    const p = new SessionPoster(URL_, 'k', { fetch: f.fn, log, timeoutMs: 20 });
    p.post([event(1)]);
    await p.idle();
    expect(p.stats()).toMatchObject({ posted: 1, failed: 1, lastError: 'no answer within 20 ms' });
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('drops what is queued when stopped and posts nothing more', async () => {
    const f = handFetch();
    const p = new SessionPoster(URL_, 'k', { fetch: f.fn, log: () => undefined, maxInFlight: 1 });
    p.post([event(1), event(2)]);
    p.stop();
    p.post([event(3)]);
    await p.idle();
    expect(f.calls).toHaveLength(1);
    expect(p.stats()).toMatchObject({ posted: 1, failed: 0, queued: 0, inFlight: 0 });
  });
});
