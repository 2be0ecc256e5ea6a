#!/usr/bin/env node
// One Nx test target: `node tools/test/jest-target.mjs <unit|integration|e2e> <project> <root> [--exclude <dir>]…`
// runs the jest project of that kind over the specs under <root> and writes the machine-readable result
// to tmp/test-results/<project>-<kind>.json (a declared Nx output, so a cached run restores it and
// `npm test` can still count every test).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const workspace = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const [kind, project, root, ...rest] = process.argv.slice(2);
const KINDS = { unit: ['--maxWorkers=2'], integration: ['--maxWorkers=2'], e2e: ['--runInBand'] };
if (!KINDS[kind] || !project || !root) {
  process.stderr.write('usage: jest-target.mjs <unit|integration|e2e> <project> <root> [--exclude <dir>]…\n');
  process.exit(2);
}
const excluded = [];
for (let i = 0; i < rest.length; i++) if (rest[i] === '--exclude') excluded.push(rest[++i]);

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const under = (dir) => `${escape(join(workspace, dir))}/`;
const out = join(workspace, 'tmp', 'test-results', `${project}-${kind}.json`);
mkdirSync(dirname(out), { recursive: true });
rmSync(out, { force: true });

const r = spawnSync(
  process.execPath,
  [
    join(workspace, 'node_modules/jest/bin/jest.js'),
    '--selectProjects',
    kind,
    '--testPathPatterns',
    `^${under(root)}`,
    ...excluded.flatMap((d) => ['--testPathIgnorePatterns', `^${under(d)}`]),
    '--json',
    `--outputFile=${out}`,
    '--ci',
    ...KINDS[kind],
  ],
  { cwd: workspace, stdio: 'inherit' },
);
process.exit(r.status ?? 1);
