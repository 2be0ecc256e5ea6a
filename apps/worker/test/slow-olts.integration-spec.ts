import type { DataSource } from 'typeorm';
import type { OltDetail } from '@pondesk/contracts';
import { createDataSource } from '@pondesk/server-database';
import {
  ApiClient,
  registerAccount,
  startTestStack,
  waitFor,
  type SimulatorProcess,
  type TestStack,
} from '@pondesk/server-testing';

/**
 * More OLTs than WORKER_CONCURRENCY (8), each slow to answer: slow enough that one walk outlasts adding all
 * of them, even on a loaded machine. Each OLT's first health check is due when it is added too, and up to
 * WORKER_CONCURRENCY of them take their OLT's lock first (its poll then waits its turn), so there are enough
 * OLTs that more than WORKER_CONCURRENCY polls still start together.
 */
const OLTS = 20;
const RTT_MS = 4000;

describe('slow OLTs behind WAN links', () => {
  let stack: TestStack;
  let sim: SimulatorProcess;
  let db: DataSource;

  beforeAll(async () => {
    stack = await startTestStack({
      fleet: Array.from({ length: OLTS }, (_v, i) => ({
        name: `slow-${i + 1}`,
        brand: 'vsol',
        mode: 'epon',
        ponPorts: 1,
        onusPerPort: 4,
      })),
      ownRedis: true,
      env: { WORKER_CONCURRENCY: '8' },
    });
    sim = stack.simulator!;
    db = createDataSource(stack.database.url);
    await db.initialize();
  });

  afterAll(async () => {
    await db?.destroy();
    await stack?.stop();
  });

  it('are polled all at once, not a few at a time', async () => {
    await sim.send('PUT', '/link', { rttMs: RTT_MS });
    const client = new ApiClient(stack.url);
    const { token } = await registerAccount(client, 'slow');
    // All at once, as a fleet is brought in: each OLT's first poll is due when it is added. (Added one
    // after another, on a loaded machine the first walks could end before the last OLTs were in.)
    const ids = await Promise.all(
      (await sim.devices()).map(async (d) => {
        const res = await client.post<OltDetail>(
          '/olts',
          {
            name: d.name,
            host: d.host,
            brand: 'vsol',
            mode: 'epon',
            snmpPort: d.snmpPort,
            snmpCommunity: d.community,
          },
          token,
        );
        expect(res.status).toBe(201);
        return res.body.id;
      }),
    );
    await waitFor(
      async () => {
        const r: { last_poll_duration_ms: number | null; onu_count: number }[] = await db.query(
          'SELECT last_poll_duration_ms, onu_count FROM olt WHERE id = ANY($1::uuid[])',
          [ids],
        );
        return r.every((o) => o.last_poll_duration_ms !== null && o.onu_count === 4);
      },
      { timeoutMs: 120000, intervalMs: 100, what: 'every OLT to be polled' },
    );
    // Each poll's walk: from its duration back from when its ONUs were written.
    const walks: { ms: number; end: Date }[] = await db.query(
      `SELECT o.last_poll_duration_ms AS ms, max(u.updated_at) AS end FROM olt o JOIN onu u ON u.olt_id = o.id
       WHERE o.id = ANY($1::uuid[]) GROUP BY o.id`,
      [ids],
    );
    expect(Math.min(...walks.map((w) => w.ms))).toBeGreaterThanOrEqual(2 * RTT_MS);
    // The most walks under way at one instant: more than WORKER_CONCURRENCY, one session per OLT.
    const edges = walks
      .flatMap((w) => [
        { at: w.end.getTime() - w.ms, step: 1 },
        { at: w.end.getTime(), step: -1 },
      ])
      .sort((x, y) => x.at - y.at || x.step - y.step);
    let open = 0;
    let most = 0;
    for (const e of edges) most = Math.max(most, (open += e.step));
    expect(most).toBeGreaterThan(8);
  });
});
