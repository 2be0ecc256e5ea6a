import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import type { OltDetail } from '@pondesk/contracts';
import {
  ApiClient,
  addSimulatedOlt,
  createDatabase,
  dropDatabase,
  freshDatabaseName,
  registerAccount,
  startApiProcess,
  startTestStack,
  startWorkerProcess,
  testEnv,
  waitFor,
  type ApiProcess,
  type EntrypointProcess,
  type TestAccount,
  type TestStack,
} from '@pondesk/server-testing';

const run = promisify(execFile);
const DEVICE = { name: 'bdcom-gpon-backup', brand: 'bdcom', mode: 'gpon' };

async function sql<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/**
 * The README's backup and restore, end to end: data seeded through the API, `pg_dump -Fc`, `pg_restore`
 * into a new database, the API and worker started on it read the same data back, and the OLT's encrypted
 * SNMP community still decrypts (the OLT polls) with the same ENCRYPTION_KEY, and not with another.
 */
describe('backup and restore', () => {
  let stack: TestStack;
  let account: TestAccount;
  let olt: OltDetail;
  let restoredName: string;
  let dir: string;
  const started: (ApiProcess | EntrypointProcess)[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pondesk-backup-'));
    stack = await startTestStack({ fleet: [{ ...DEVICE, ponPorts: 1, onusPerPort: 4 }] });
    const client = new ApiClient(stack.url);
    account = await registerAccount(client, 'backup');
    olt = await addSimulatedOlt(client, stack.simulator!, DEVICE, account.token, 'Backed-up OLT');
    await waitFor(
      async () =>
        (
          await sql<{ n: number }>(stack.database.url, 'SELECT onu_count AS n FROM olt WHERE id = $1', [
            olt.id,
          ])
        )[0].n === 4,
      { timeoutMs: 20000, what: 'the first poll' },
    );
  });

  afterAll(async () => {
    for (const p of started) await ('process' in p ? p.stop() : p.stop(8000));
    await stack?.stop();
    if (restoredName) await dropDatabase(restoredName);
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores a pg_dump into a new database that the API and worker run on, secrets included', async () => {
    const onusBefore = await sql<{ serial: string }>(
      stack.database.url,
      'SELECT serial FROM onu WHERE olt_id = $1 ORDER BY pon_port, onu_id',
      [olt.id],
    );
    const dump = join(dir, 'pondesk.dump');
    await run('pg_dump', ['-Fc', '--no-owner', '-d', stack.database.url, '-f', dump]);
    // The original installation is gone; only the dump and the keys are left.
    await Promise.all([stack.api.stop(), stack.worker.stop(8000)]);
    restoredName = freshDatabaseName('pondesk_restored');
    const restoredUrl = await createDatabase(restoredName);
    await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', restoredUrl, dump]);

    // Same ENCRYPTION_KEY (testEnv's), its own Redis namespace: nothing of the old queues is reused.
    const env = testEnv({
      DATABASE_URL: restoredUrl,
      REDIS_NAMESPACE: `${restoredName}:restored`,
      LOG_LEVEL: 'warn',
    });
    const api = await startApiProcess(env, { label: 'restored-api' });
    started.push(api);
    const worker = await startWorkerProcess({
      DATABASE_URL: restoredUrl,
      REDIS_NAMESPACE: env.REDIS_NAMESPACE,
    });
    started.push(worker);
    const client = new ApiClient(api.url);

    const login = await client.post<{ accessToken: string }>('/auth/login', {
      username: account.username,
      password: account.password,
    });
    expect(login.status).toBe(200);
    const token = login.body.accessToken;
    const read = await client.get<OltDetail>(`/olts/${olt.id}`, token);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: olt.id, name: 'Backed-up OLT', host: olt.host });
    expect(
      await sql<{ serial: string }>(
        restoredUrl,
        'SELECT serial FROM onu WHERE olt_id = $1 ORDER BY pon_port, onu_id',
        [olt.id],
      ),
    ).toEqual(onusBefore);

    // The stored community decrypts with the same key: a poll on the restored database reaches the OLT.
    const polledAt = async () =>
      (
        await sql<{ at: Date | null; error: string | null }>(
          restoredUrl,
          'SELECT last_polled_at AS at, last_error AS error FROM olt WHERE id = $1',
          [olt.id],
        )
      )[0];
    const before = (await polledAt()).at!.getTime();
    expect((await client.post(`/olts/${olt.id}/poll`, {}, token)).status).toBe(202);
    await waitFor(async () => ((await polledAt()).at?.getTime() ?? 0) > before, {
      timeoutMs: 20000,
      what: 'a poll on the restored database',
    });
    expect((await polledAt()).error).toBeNull();

    // The telnet password decrypts too: the OLT takes a login.
    const telnet = await client.post(`/olts/${olt.id}/telnet-check`, {}, token);
    expect({ status: telnet.status, ok: telnet.body.ok }).toEqual({ status: 200, ok: true });

    // Without the key the same backup is of no use for the devices: the stored secrets cannot be opened.
    await worker.stop(8000);
    const wrongKey = await startWorkerProcess({
      DATABASE_URL: restoredUrl,
      REDIS_NAMESPACE: env.REDIS_NAMESPACE,
      ENCRYPTION_KEY: '1e'.repeat(32),
    });
    started.push(wrongKey);
    const refused = await client.post<{ ok?: boolean }>(`/olts/${olt.id}/telnet-check`, {}, token);
    // No login: the job's failure (502) or the check's own "not ok", depending on where the secret is opened.
    expect(refused.status === 502 || (refused.status === 200 && refused.body.ok === false)).toBe(true);
  });
});
