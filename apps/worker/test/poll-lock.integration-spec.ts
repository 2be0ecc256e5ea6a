import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import type { Repository } from 'typeorm';
import type { OltEntity } from '@pondesk/server-database';
import { RedisConnections } from '@pondesk/server-queue';
import { OltLock } from '../src/locks/olt-lock.service';
import type { OltConnector } from '../src/olt-sessions/olt-connector';
import type { EventPublisher } from '../src/realtime/event-publisher.service';
import type { OltHealthService } from '../src/polling/olt-health.service';
import type { OnuStore } from '../src/polling/onu-store.service';
import { PollOltService } from '../src/polling/poll-olt.service';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The OLT lock in Redis, as every worker takes it. Health checks and polls are due at the same instants;
 * a poll that found the OLT held by a check used to fail its attempt, and after four such attempts the OLT
 * waited a whole poll interval for its next turn.
 */
describe('a poll and the OLT lock (real Redis)', () => {
  const connections = new RedisConnections(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const lock = new OltLock(connections);
  afterAll(() => connections.onApplicationShutdown());

  function service(
    olt: Partial<OltEntity>,
    walkedAt: number[],
    current: () => Partial<OltEntity> | null = () => olt,
  ): PollOltService {
    const olts = {
      findOne: async () => current(),
      update: async () => ({ affected: 0 }),
    } as unknown as Repository<OltEntity>;
    const connector = {
      connect: () => ({
        listOnus: async () => {
          walkedAt.push(Date.now());
          return { onus: [], ponPorts: 1 };
        },
        close: async () => undefined,
      }),
    } as unknown as OltConnector;
    const store = {
      applyPoll: async () => ({ total: 0, online: 0, offline: 0, samples: 0, removed: 0, changes: [] }),
    } as unknown as OnuStore;
    const events = { toOlt: () => undefined, onuChanges: () => undefined } as unknown as EventPublisher;
    return new PollOltService(olts, connector, store, lock, events, {} as OltHealthService);
  }

  it('waits for a health check holding the OLT, then polls in the same attempt', async () => {
    const olt = { id: randomUUID(), tenantId: randomUUID(), status: 'online' as const, name: 'lock test' };
    const walkedAt: number[] = [];
    let released = 0;
    const check = lock.withLock(olt.id, 10_000, async () => {
      await sleep(1500);
      released = Date.now();
    });
    await sleep(50);
    const job = { timestamp: Date.now(), opts: {} } as Job;
    const result = await service(olt, walkedAt).pollOlt({ oltId: olt.id, tenantId: olt.tenantId }, job);
    await check;
    expect(result).toMatchObject({ ok: true, total: 0 });
    expect(walkedAt).toHaveLength(1);
    expect(walkedAt[0]).toBeGreaterThanOrEqual(released);
  });

  it('reads the OLT again once it has the lock: one deleted during the wait is not walked', async () => {
    const olt = { id: randomUUID(), tenantId: randomUUID(), status: 'online' as const, name: 'lock test' };
    let deleted = false;
    const walkedAt: number[] = [];
    const check = lock.withLock(olt.id, 10_000, async () => {
      await sleep(1000);
      deleted = true;
    });
    await sleep(50);
    const poller = service(olt, walkedAt, () => (deleted ? null : olt));
    const result = await poller.pollOlt({ oltId: olt.id, tenantId: olt.tenantId }, {
      timestamp: Date.now(),
      opts: {},
    } as Job);
    await check;
    expect(result).toEqual({ skipped: 'gone' });
    expect(walkedAt).toEqual([]);
  });
});
