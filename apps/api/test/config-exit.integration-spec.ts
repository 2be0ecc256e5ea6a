import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENTRYPOINTS, spawnEntrypoint, testEnv } from '@pondesk/server-testing';

function run(entry: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  // A directory without a .env, so only the given environment counts.
  const cwd = mkdtempSync(join(tmpdir(), 'pondesk-cfg-'));
  const child = spawnEntrypoint(entry, { env, cwd });
  return child.exited.then((code) => {
    rmSync(cwd, { recursive: true, force: true });
    return { code, output: child.output() };
  });
}

describe.each([ENTRYPOINTS.api, ENTRYPOINTS.worker])('%s with bad configuration', (entry) => {
  it('stops with one line naming a missing DATABASE_URL', async () => {
    const { DATABASE_URL: _omit, ...env } = testEnv();
    const { code, output } = await run(entry, env);
    expect(code).toBe(1);
    expect(output).toBe('Invalid configuration: DATABASE_URL is required\n');
  });

  it('stops with one line naming a DATABASE_URL that is not a URL', async () => {
    const { code, output } = await run(entry, testEnv({ DATABASE_URL: 'localhost:5432/pondesk' }));
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      'Invalid configuration: DATABASE_URL must be a URL (postgres or postgresql://…)',
    ]);
  });
});
