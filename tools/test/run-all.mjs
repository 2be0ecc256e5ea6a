#!/usr/bin/env node
// `npm test`: lint, format, typecheck, build, unit + integration (real Postgres and Redis), end-to-end
// (headless Chromium). Every stage runs even after a failure; the last line is `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tmp = join(root, 'tmp', 'test-results');
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });

const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  FORCE_COLOR: '0',
  npm_config_loglevel: 'error',
};
let passed = 0;
let failed = 0;
const summary = [];

function run(label, cmd, args) {
  const t0 = Date.now();
  process.stdout.write(`\n▶ ${label}: ${cmd} ${args.join(' ')}\n`);
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit' });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  return { ok: r.status === 0, seconds };
}

function check(label, cmd, args) {
  const { ok, seconds } = run(label, cmd, args);
  if (ok) passed++;
  else failed++;
  summary.push(`${ok ? 'PASS' : 'FAIL'}  ${label} (${seconds} s)`);
  return ok;
}

function jest(label, projects, extra = []) {
  const out = join(tmp, `${label}.json`);
  const { ok, seconds } = run(label, process.execPath, [
    join(root, 'node_modules/jest/bin/jest.js'),
    '--selectProjects',
    ...projects,
    '--json',
    `--outputFile=${out}`,
    '--ci',
    ...extra,
  ]);
  if (!existsSync(out)) {
    failed++;
    summary.push(`FAIL  ${label}: jest produced no results (${seconds} s)`);
    return;
  }
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const suiteErrors = r.numRuntimeErrorTestSuites ?? 0;
  const pending = r.numPendingTests ?? 0;
  passed += r.numPassedTests;
  failed += r.numFailedTests + suiteErrors + pending + (ok || r.numFailedTests || suiteErrors ? 0 : 1);
  summary.push(
    `${ok && !pending ? 'PASS' : 'FAIL'}  ${label}: ${r.numPassedTests} passed, ${r.numFailedTests} failed` +
      `${suiteErrors ? `, ${suiteErrors} suites did not run` : ''}${pending ? `, ${pending} skipped (not allowed)` : ''} (${seconds} s)`,
  );
}

// Debian packages the device and browser tests drive: installed once, up front, when missing.
const SYSTEM_PACKAGES = [
  ['snmpsim', '/usr/bin/snmpsimd'],
  ['snmp', '/usr/bin/snmpbulkwalk'],
  ['chromium', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'],
];
const missing = SYSTEM_PACKAGES.filter(([, bin]) => !existsSync(bin)).map(([pkg]) => pkg);
if (missing.length) {
  check(`system packages (${missing.join(', ')})`, 'sh', [
    '-c',
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
  ]);
}

check('lint', 'npm', ['run', '--silent', 'lint']);
check('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']);
check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
const built = check('build', 'npm', ['run', '--silent', 'build']);
jest('unit+integration', ['unit', 'integration'], ['--maxWorkers=2']);
if (built) jest('e2e', ['e2e'], ['--runInBand']);
else {
  failed++;
  summary.push('FAIL  e2e: not run because the build failed');
}

process.stdout.write(`\n${summary.join('\n')}\n\n${passed} passed, ${failed} failed\n`);
process.exit(failed ? 1 : 0);
