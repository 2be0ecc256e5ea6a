import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { SessionRevocations } from './session-revocations';

/** A query runner as far as the notice looks at it: is a transaction open? */
const runner = (active: boolean) => ({ isTransactionActive: active }) as QueryRunner;
const managerOf = (queryRunner: QueryRunner | undefined) => ({ queryRunner }) as EntityManager;
const flush = () => new Promise((r) => setImmediate(r));

describe('SessionRevocations', () => {
  let revocations: SessionRevocations;
  let heard: string[][];

  beforeEach(() => {
    const db = { subscribers: [] as unknown[] } as unknown as DataSource;
    revocations = new SessionRevocations(db);
    revocations.onModuleInit();
    expect(db.subscribers).toContain(revocations);
    heard = [];
    revocations.onRevoked((ids) => void heard.push(ids));
  });

  it('tells at once about a revocation outside a transaction', async () => {
    revocations.announce(['s1']);
    revocations.announce(['s2'], managerOf(undefined));
    await flush();
    expect(heard).toEqual([['s1'], ['s2']]);
  });

  it('waits for the commit of the outer transaction (not a savepoint release)', async () => {
    const qr = runner(true);
    revocations.announce(['s1', 's2'], managerOf(qr));
    revocations.announce(['s2', 's3'], managerOf(qr));
    revocations.afterTransactionCommit({ queryRunner: qr } as never); // a savepoint: still active
    await flush();
    expect(heard).toEqual([]);
    (qr as { isTransactionActive: boolean }).isTransactionActive = false;
    revocations.afterTransactionCommit({ queryRunner: qr } as never);
    await flush();
    expect(heard).toEqual([['s1', 's2', 's3']]);
  });

  it('forgets revocations of a transaction rolled back', async () => {
    const qr = runner(true);
    revocations.announce(['s1'], managerOf(qr));
    (qr as { isTransactionActive: boolean }).isTransactionActive = false;
    revocations.afterTransactionRollback({ queryRunner: qr } as never);
    revocations.afterTransactionCommit({ queryRunner: qr } as never);
    await flush();
    expect(heard).toEqual([]);
  });

  it('keeps telling the other listeners when one fails, and stops after unsubscribing', async () => {
    const off = revocations.onRevoked(() => {
      throw new Error('boom');
    });
    revocations.announce(['s1']);
    await flush();
    off();
    revocations.announce(['s2']);
    await flush();
    expect(heard).toEqual([['s1'], ['s2']]);
  });
});
