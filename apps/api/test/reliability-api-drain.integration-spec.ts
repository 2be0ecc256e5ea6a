import { Queue } from 'bullmq';
import type { ProbeResponse } from '@pondesk/contracts';
import { QueueName, queuePrefix, redisOptionsFromUrl } from '@pondesk/server-queue';
import {
  ApiClient,
  registerAccount,
  startTestStack,
  waitFor,
  type TestAccount,
  type TestStack,
} from '@pondesk/server-testing';

const DEVICE = { name: 'bdcom-gpon-apidrain', brand: 'bdcom', mode: 'gpon' };

/**
 * SIGTERM while a slow request is in flight (a probe waits for the worker, which waits for a slow OLT,
 * then audits in the database): the API stops taking connections, the request completes with its answer,
 * and the process exits within 10 s.
 */
describe('API shutdown', () => {
  let stack: TestStack;
  let client: ApiClient;
  let account: TestAccount;
  let queue: Queue;

  beforeAll(async () => {
    stack = await startTestStack({ fleet: [{ ...DEVICE, ponPorts: 1, onusPerPort: 2 }] });
    client = new ApiClient(stack.url);
    account = await registerAccount(client, 'apidrain');
    queue = new Queue(QueueName.DeviceAction, {
      connection: redisOptionsFromUrl(stack.env.REDIS_URL, { maxRetriesPerRequest: null }),
      prefix: queuePrefix({ DATABASE_URL: stack.database.url, REDIS_NAMESPACE: stack.env.REDIS_NAMESPACE }),
    });
  });

  afterAll(async () => {
    await queue?.close();
    await stack?.stop();
  });

  it('lets a slow request in flight finish, refuses new connections, and exits within 10 s', async () => {
    const device = await stack.simulator!.device(DEVICE.name);
    // Every SNMP answer takes a while: the probe runs for seconds.
    await stack.simulator!.send('PUT', `/devices/${DEVICE.name}/faults`, { slowMs: 700 });
    const startedAt = Date.now();
    const probe = client.post<ProbeResponse>(
      '/olts/probe',
      { host: device.host, snmpPort: device.snmpPort, community: device.community },
      account.token,
    );
    await waitFor(async () => (await queue.getJobs(['active'])).length > 0, {
      timeoutMs: 10000,
      intervalMs: 20,
      what: 'the probe to reach the worker',
    });
    const t0 = Date.now();
    stack.api.kill('SIGTERM');
    // Closed to new connections at once (answered or refused, never left hanging).
    await new Promise((r) => setTimeout(r, 300));
    const late = await fetch(`${stack.url}/api/v1/health`, { signal: AbortSignal.timeout(3000) }).then(
      (r) => `answered ${r.status}`,
      (e: Error) => (e.name === 'TimeoutError' ? 'hung' : 'refused'),
    );
    const res = await probe;
    const answeredMs = Date.now() - t0;
    await stack.api.exited;
    const exitedMs = Date.now() - t0;
    process.stdout.write(
      `[reliability] API SIGTERM with a ${Date.now() - startedAt} ms request in flight: answered ${answeredMs} ms after SIGTERM, exited ${exitedMs} ms after\n`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, brand: 'bdcom' });
    expect(late).toBe('refused');
    expect(exitedMs).toBeLessThan(10000);
    expect(stack.api.exitCode).toBe(0);
    expect(stack.api.output()).not.toMatch(/error|Connection is closed/i);
  });
});
