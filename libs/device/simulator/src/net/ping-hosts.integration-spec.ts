import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createPingHosts, type PingHosts } from './ping-hosts';

const run = promisify(execFile);

/** fping's verdict per address: `alive` or `unreachable` (one echo each, 300 ms timeout). */
async function verdicts(addresses: string[]): Promise<Record<string, string>> {
  // fping exits 1 when any host is unreachable; its report is what matters.
  const out = await run('fping', ['-t', '300', '-r', '0', ...addresses]).catch(
    (e: { stdout: string; stderr: string }) => e,
  );
  const result: Record<string, string> = {};
  for (const line of `${out.stdout}\n${out.stderr}`.split('\n')) {
    const m = /^(\S+) is (alive|unreachable)/.exec(line);
    if (m) result[m[1]] = m[2];
  }
  return result;
}

const namespaces = async () => (await run('ip', ['netns', 'list'])).stdout;

describe('ping hosts in a network namespace (real fping, real kernel)', () => {
  let hosts: PingHosts;
  beforeAll(async () => {
    hosts = await createPingHosts(3);
  });
  afterAll(() => hosts?.close());

  it('gives addresses of 198.18.0.0/15 that answer', async () => {
    expect(hosts.addresses).toHaveLength(3);
    for (const a of hosts.addresses) expect(a).toMatch(/^198\.1[89]\.\d+\.[234]$/);
    expect(await verdicts(hosts.addresses)).toEqual(
      Object.fromEntries(hosts.addresses.map((a) => [a, 'alive'])),
    );
  });

  it('silences one host and brings it back, the others untouched', async () => {
    const [a, b, c] = hosts.addresses;
    await hosts.setAnswering(b, false);
    expect(hosts.answering(b)).toBe(false);
    expect(await verdicts(hosts.addresses)).toEqual({ [a]: 'alive', [b]: 'unreachable', [c]: 'alive' });
    await hosts.setAnswering(b, true);
    expect(await verdicts(hosts.addresses)).toEqual({ [a]: 'alive', [b]: 'alive', [c]: 'alive' });
  });

  it('refuses an address that is not one of its hosts', async () => {
    await expect(hosts.setAnswering('127.0.0.1', false)).rejects.toThrow('not one of these ping hosts');
  });

  it('removes its namespace when closed', async () => {
    const other = await createPingHosts(1);
    expect(await namespaces()).toContain(other.namespace);
    await other.close();
    expect(await namespaces()).not.toContain(other.namespace);
  });
});
