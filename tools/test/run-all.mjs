#!/usr/bin/env node
// `npm test`: every check, through Nx (each project's lint, typecheck, build, test, integration and e2e
// targets; unchanged projects come from Nx's cache). Every stage runs even after a failure; the last line
// is `N passed, N failed`: one per failed stage or missing result, and every test case jest counted.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const results = join(root, 'tmp', 'test-results');
// Results of this run only: Nx restores a cached target's result file, a target that did not run has none.
rmSync(results, { recursive: true, force: true });

const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
  FORCE_COLOR: '0',
  npm_config_loglevel: 'error',
};
const nxBin = join(root, 'node_modules', '.bin', 'nx');
let passed = 0;
let failed = 0;
const summary = [];

function run(label, cmd, args) {
  const t0 = Date.now();
  process.stdout.write(`\n▶ ${label}: ${cmd} ${args.join(' ')}\n`);
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit' });
  return { ok: r.status === 0, seconds: ((Date.now() - t0) / 1000).toFixed(1) };
}

function check(label, cmd, args) {
  const { ok, seconds } = run(label, cmd, args);
  if (ok) passed++;
  else failed++;
  summary.push(`${ok ? 'PASS' : 'FAIL'}  ${label} (${seconds} s)`);
  return ok;
}

function projectsWith(target) {
  const r = spawnSync(nxBin, ['show', 'projects', '--with-target', target, '--json'], { cwd: root, env });
  return r.status === 0 ? JSON.parse(r.stdout.toString()) : [];
}

// CI checks the tree for real: a result cached on a developer's machine proves nothing about this one.
const nx = (...args) => [
  '--outputStyle=stream',
  '--nxBail=false',
  ...(process.env.CI ? ['--skip-nx-cache'] : []),
  ...args,
];

/** Runs a jest-backed target over every project that has it and counts the test cases it reports. */
function tests(target, kind, nxArgs) {
  const projects = projectsWith(target);
  const { ok, seconds } = run(target, nxBin, nxArgs);
  let p = 0;
  let f = 0;
  const notes = [];
  for (const project of projects) {
    const file = join(results, `${project}-${kind}.json`);
    if (!existsSync(file)) {
      f++;
      notes.push(`${project}: no results`);
      continue;
    }
    const r = JSON.parse(readFileSync(file, 'utf8'));
    const suiteErrors = r.numRuntimeErrorTestSuites ?? 0;
    const pending = r.numPendingTests ?? 0;
    p += r.numPassedTests;
    f += r.numFailedTests + suiteErrors + pending;
    if (suiteErrors) notes.push(`${project}: ${suiteErrors} suites did not run`);
    if (pending) notes.push(`${project}: ${pending} skipped (not allowed)`);
    if (r.numFailedTests) notes.push(`${project}: ${r.numFailedTests} failed`);
  }
  // A failed target with every test passing (a crash after the run, a failed dependency) still fails.
  if (!ok && f === 0) {
    f = 1;
    notes.push('the target failed');
  }
  passed += p;
  failed += f;
  summary.push(
    `${f ? 'FAIL' : 'PASS'}  ${target} (${projects.length} projects): ${p} passed, ${f} failed` +
      `${notes.length ? ` [${notes.join('; ')}]` : ''} (${seconds} s)`,
  );
}

// Debian packages the device and browser tests drive: installed once, up front, when missing.
const SYSTEM_PACKAGES = [
  ['snmpsim', '/usr/bin/snmpsimd'],
  ['snmp', '/usr/bin/snmpbulkwalk'],
  ['chromium', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'],
  ['fping', '/usr/bin/fping'],
];
const missing = SYSTEM_PACKAGES.filter(([, bin]) => !existsSync(bin)).map(([pkg]) => pkg);
if (missing.length) {
  check(`system packages (${missing.join(', ')})`, 'sh', [
    '-c',
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
  ]);
}

check('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']);
check('lint', nxBin, ['run-many', '-t', 'lint', ...nx('--parallel=2')]);
// After the Nx run, so the module-boundary rule finds the project graph.
check('lint (workspace files)', 'npx', ['eslint', 'eslint.config.mjs', 'jest.config.js']);
check('typecheck', nxBin, ['run-many', '-t', 'typecheck', ...nx('--parallel=2')]);
const built = check('build', nxBin, ['run-many', '-t', 'build', ...nx('--parallel=2')]);
tests('test', 'unit', ['run-many', '-t', 'test', ...nx('--parallel=2')]);
// Integration specs start servers and share two cores: one project at a time, jest runs two workers.
tests('integration', 'integration', ['run-many', '-t', 'integration', ...nx('--parallel=1')]);
if (built) tests('e2e', 'e2e', ['run-many', '-t', 'e2e', ...nx('--parallel=1')]);
else {
  failed++;
  summary.push('FAIL  e2e: not run because the build failed');
}

process.stdout.write(`\n${summary.join('\n')}\n\n${passed} passed, ${failed} failed\n`);
process.exit(failed ? 1 : 0);
