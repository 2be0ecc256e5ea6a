#!/usr/bin/env node
// `npm run demo`: build, migrate, start api + worker on one port, print the URL. Ctrl+C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_USER, seedDemo } from './seed-demo.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function parseEnvFile(file) {
  const out = {};
  for (const raw of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || !line.includes('=')) continue;
    const i = line.indexOf('=');
    out[line.slice(0, i).trim()] = line
      .slice(i + 1)
      .trim()
      .replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}

// The environment wins, then .env, then the documented defaults of .env.example.
const env = { ...process.env };
for (const file of ['.env', '.env.example']) {
  const path = join(root, file);
  if (!existsSync(path)) continue;
  for (const [k, v] of Object.entries(parseEnvFile(path))) if (env[k] === undefined) env[k] = v;
}
env.NX_DAEMON = 'false';
const port = env.PORT || '3000';
const url = `http://localhost:${port}`;

function step(title, cmd, args, extraEnv = {}) {
  process.stdout.write(`\n▶ ${title}\n`);
  const r = spawnSync(cmd, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: 'inherit' });
  if (r.status !== 0) {
    process.stderr.write(`\n✖ ${title} failed. See the output above.\n`);
    process.exit(r.status ?? 1);
  }
}

// A production bundle whatever NODE_ENV the running console uses.
step('Building the API, the worker and the web app', 'npm', ['run', '--silent', 'build'], {
  NODE_ENV: 'production',
});
step('Migrating the database', process.execPath, [join(root, 'dist/server/tools/db/migrate.js')]);

const children = [];
function start(name, ...script) {
  const child = spawn(
    process.execPath,
    script.map((p) => join(root, p)),
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const prefix = (stream, out) =>
    stream.on('data', (d) => {
      for (const line of d.toString().split('\n')) if (line.trim()) out.write(`[${name}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (!shuttingDown) {
      process.stderr.write(`\n✖ ${name} stopped (${signal ?? `exit ${code}`}); stopping the demo.\n`);
      shutdown(1);
    }
  });
  children.push(child);
}

let shuttingDown = false;
function shutdown(code = 0) {
  shuttingDown = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

// The simulator runs from source (its fleet files live beside it); swc compiles it on the fly.
const SIM = ['tools/run-ts.cjs', 'libs/device/simulator/src/main.ts'];
process.stdout.write('\n▶ Starting the simulated OLT fleet\n');
const listed = spawnSync(process.execPath, [...SIM.map((p) => join(root, p)), '--list', '--json'], {
  cwd: root,
  env,
  encoding: 'utf8',
});
if (listed.status !== 0) {
  process.stderr.write(`\n✖ Could not read the simulated fleet:\n${listed.stderr}\n`);
  process.exit(1);
}
const devices = JSON.parse(listed.stdout);
start('sim', ...SIM);

process.stdout.write('\n▶ Starting the API and the worker\n');
start('api', 'dist/server/apps/api/src/main.js');
start('worker', 'dist/server/apps/worker/src/main.js');

const deadline = Date.now() + 60000;
for (;;) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    if (res.status === 200) break;
  } catch {
    /* not listening yet */
  }
  if (Date.now() > deadline) {
    process.stderr.write(`\n✖ The console did not report healthy within 60 s (${url}/api/v1/health).\n`);
    shutdown(1);
    break;
  }
  await new Promise((r) => setTimeout(r, 300));
}
if (!shuttingDown) {
  let seeded = '';
  try {
    const { added, total } = await seedDemo(`http://127.0.0.1:${port}`, devices);
    seeded = `  Demo ISP: ${total} simulated OLTs (${added} added now), first poll within a minute.\n`;
  } catch (error) {
    process.stderr.write(`\n✖ Seeding the demo tenant failed: ${error.message}\n`);
    shutdown(1);
  }
  if (!shuttingDown) {
    process.stdout.write(
      `\n  PonDesk is running at ${url}\n` +
        `  Sign in as ${DEMO_USER.username} / ${DEMO_USER.password}\n` +
        seeded +
        `  API docs: ${url}/api/docs · health: ${url}/api/v1/health\n  Press Ctrl+C to stop.\n\n`,
    );
  }
}
