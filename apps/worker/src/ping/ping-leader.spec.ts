import type Redis from 'ioredis';
import { PingLeader, type PingLeaderTimings } from './ping-leader';

/** Redis as the lock uses it: SET NX PX, and the two scripts (extend, release) keyed by their token. */
class FakeRedis {
  value: string | null = null;
  expires = 0;
  failing = false;

  private live(): string | null {
    if (this.value !== null && Date.now() >= this.expires) this.value = null;
    return this.value;
  }

  async set(_key: string, value: string, _px: 'PX', ms: number, _nx: 'NX'): Promise<'OK' | null> {
    if (this.failing) throw new Error('connection lost');
    if (this.live() !== null) return null;
    this.value = value;
    this.expires = Date.now() + ms;
    return 'OK';
  }

  async eval(script: string, _n: number, _key: string, token: string, ms?: string): Promise<number> {
    if (this.failing) throw new Error('connection lost');
    if (this.live() !== token) return 0;
    if (script.includes('pexpire')) this.expires = Date.now() + Number(ms);
    else this.value = null;
    return 1;
  }
}

const TIMINGS: PingLeaderTimings = { leaseMs: 600, renewMs: 200, retryMs: 50 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits (up to 2 s) for `condition`, which timers under load may delay. */
async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition() && waited < 2000; waited += 10) await sleep(10);
  expect(condition()).toBe(true);
}

function leader(redis: FakeRedis) {
  const log: string[] = [];
  const lostAt: number[] = [];
  const l = new PingLeader(
    redis as unknown as Redis,
    'ns:ping:prober',
    {
      acquired: async () => void log.push('acquired'),
      lost: async (reason) => {
        log.push(`lost: ${reason}`);
        lostAt.push(Date.now());
      },
    },
    TIMINGS,
  );
  return { l, log, lostAt };
}

describe('PingLeader', () => {
  const started: PingLeader[] = [];
  afterEach(async () => {
    for (const l of started.splice(0)) await l.stop();
  });
  const start = (x: ReturnType<typeof leader>) => {
    started.push(x.l);
    x.l.start();
    return x;
  };

  it('lets one worker probe; the other takes over as soon as the first gives the lock up', async () => {
    const redis = new FakeRedis();
    const a = start(leader(redis));
    await until(() => a.l.isLeader);
    const b = start(leader(redis));
    await sleep(700);
    expect(a.l.isLeader).toBe(true);
    expect(b.l.isLeader).toBe(false);
    expect(b.log).toEqual([]);
    await a.l.stop();
    expect(a.log).toEqual(['acquired', 'lost: stopping']);
    await until(() => b.l.isLeader);
    expect(b.log).toEqual(['acquired']);
  });

  it('stops probing when its lock was taken, and takes it again once free', async () => {
    const redis = new FakeRedis();
    const a = start(leader(redis));
    await until(() => a.l.isLeader);
    redis.value = 'someone-else';
    await until(() => !a.l.isLeader);
    expect(a.log).toEqual(['acquired', 'lost: the lock was taken or had lapsed']);
    redis.value = null;
    await until(() => a.l.isLeader);
    expect(a.log).toEqual(['acquired', 'lost: the lock was taken or had lapsed', 'acquired']);
  });

  it('stops before its lease could lapse when Redis cannot be reached to renew it', async () => {
    const redis = new FakeRedis();
    const a = start(leader(redis));
    await until(() => a.l.isLeader);
    const leaseEnds = redis.expires;
    redis.failing = true;
    await sleep(250);
    // One failed renewal (at 200 ms) is no reason yet: the lease runs to 600 ms.
    expect(a.l.isLeader).toBe(true);
    await until(() => !a.l.isLeader);
    expect(a.log[1]).toMatch(/^lost: renewal failed: connection lost/);
    // Stopped before its lease ran out and another worker could take the lock.
    expect(a.lostAt[0]).toBeLessThan(leaseEnds);
  });
});
