import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const BIN = (name: string) => join(ROOT, 'node_modules', '.bin', name);

/** Lints `code` as if it were the file at `path` and returns the boundary rule's messages. */
function boundaryErrors(path: string, code: string): string[] {
  const r = spawnSync(BIN('eslint'), ['--format', 'json', '--stdin', '--stdin-filename', join(ROOT, path)], {
    cwd: ROOT,
    input: code,
    encoding: 'utf8',
  });
  const [result] = JSON.parse(r.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
  return result.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message);
}

describe('module boundaries (eslint)', () => {
  // The rule reads Nx's project graph; make sure it describes the tree as it is now.
  beforeAll(() =>
    execFileSync(BIN('nx'), ['show', 'projects'], { cwd: ROOT, env: { ...process.env, NX_DAEMON: 'false' } }),
  );

  const deviceImport =
    "import { SnmpClient } from '@pondesk/device-snmp';\nexport const client = SnmpClient;\n";

  it('refuses a device library in the API', () => {
    expect(boundaryErrors('apps/api/src/modules/olts/device-probe.ts', deviceImport)).toEqual([
      expect.stringContaining('"type:api" can not depend on libs tagged with "scope:device"'),
    ]);
  });

  it('refuses it through another library too', () => {
    const viaTesting =
      "import { startSimulator } from '@pondesk/device-simulator';\nexport const s = startSimulator;\n";
    expect(boundaryErrors('apps/api/src/main-probe.ts', viaTesting)).not.toEqual([]);
  });

  it('allows the worker to use the device libraries', () => {
    expect(boundaryErrors('apps/worker/src/polling/device-probe.ts', deviceImport)).toEqual([]);
  });

  it('keeps the web on the contracts only', () => {
    const server = "import { OltEntity } from '@pondesk/server-database';\nexport const e = OltEntity;\n";
    expect(boundaryErrors('apps/web/src/features/olts/probe.ts', server)).not.toEqual([]);
  });
});
