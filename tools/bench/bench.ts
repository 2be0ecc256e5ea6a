/**
 * `npm run bench -- [--json] [--check] [--only <prefix>] [--verbose] [--no-build]`
 *
 * Builds the server and the web app, then runs every benchmark registered in tools/bench/benchmarks/*.bench.ts
 * against the built `dist` (the programs the demo, the image and docker compose run), prints one line per
 * figure and writes bench/results.json: the commit, the time and the machine, and per figure its value or,
 * when it failed, its error (never a value from an earlier run). `--check` exits non-zero when any figure is
 * over its budget or failed.
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { RUN_BUILT_ENV } from '@pondesk/server-testing';
import { withinBudget, type BenchFigure, type BenchResults, type Benchmark } from './bench-types';

const ROOT = resolve(__dirname, '../..');
const BENCHMARKS = join(__dirname, 'benchmarks');
const RESULTS = join(ROOT, 'bench', 'results.json');

/** One `*.bench.ts` file: its benchmarks, and what stops what they started (servers, databases). */
interface BenchModule {
  file: string;
  benchmarks: Benchmark[];
  teardown?: () => Promise<void>;
}

/** Teardowns not yet run; each runs once, after its module's last benchmark, or at exit after a crash. */
const pendingTeardowns = new Set<BenchModule>();

async function tearDown(m: BenchModule): Promise<void> {
  if (!pendingTeardowns.delete(m) || !m.teardown) return;
  await m
    .teardown()
    .catch((e: unknown) => process.stderr.write(`bench teardown (${m.file}): ${String(e)}\n`));
}

/** Every `benchmarks/*.bench.ts`; a file that fails to load is reported and skipped, the others still run. */
function loadBenchmarks(dir: string): { modules: BenchModule[]; broken: string[] } {
  const modules: BenchModule[] = [];
  const broken: string[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort()) {
    try {
      const mod = require(join(dir, file)) as { benchmarks?: Benchmark[]; teardown?: () => Promise<void> };
      const m: BenchModule = { file, benchmarks: [], teardown: mod.teardown };
      if (mod.teardown) pendingTeardowns.add(m);
      if (!Array.isArray(mod.benchmarks)) throw new Error('must export "benchmarks: Benchmark[]"');
      m.benchmarks = mod.benchmarks;
      modules.push(m);
    } catch (e) {
      broken.push(`${file}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const names = modules.flatMap((m) => m.benchmarks.map((b) => b.name));
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw new Error(`benchmark "${dup}" is registered twice`);
  return { modules, broken };
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}

/** The run's identity: what code, when, on what. */
function runInfo(): Omit<BenchResults, 'figures'> {
  const cpu = cpus();
  return {
    commit: git(['rev-parse', 'HEAD']) || 'unknown',
    dirty: git(['status', '--porcelain', '--untracked-files=no']) !== '',
    time: new Date().toISOString(),
    node: process.version,
    cpus: cpu.length,
    cpuModel: cpu[0]?.model.trim() ?? 'unknown',
  };
}

/** Figures of an earlier run that this one did not select (`--only`), each still naming its own run. */
function earlierFigures(file: string): BenchFigure[] {
  if (!existsSync(file)) return [];
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<BenchResults>;
    return Array.isArray(parsed.figures) ? parsed.figures : [];
  } catch {
    return [];
  }
}

function build(): void {
  process.stderr.write('bench: building the server and the web app (dist)…\n');
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

function printFigure(f: BenchFigure): void {
  if (f.value === null) return;
  const ok = withinBudget({ ...f, value: f.value });
  process.stdout.write(
    `${ok ? 'ok  ' : 'OVER'}  ${f.name.padEnd(36)} ${String(f.value).padStart(10)} ${f.unit.padEnd(8)} budget ${f.better === 'lower' ? '<=' : '>='} ${f.budget}\n`,
  );
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      json: { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
      only: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      // Where benchmarks and results live; the harness's own test points them elsewhere.
      dir: { type: 'string', default: BENCHMARKS },
      results: { type: 'string', default: RESULTS },
    },
  });
  if (values['no-build'])
    process.stderr.write('bench: --no-build: measuring the dist that is already there\n');
  else build();
  // The benchmarks spawn the API and the worker through @pondesk/server-testing's ENTRYPOINTS.
  process.env[RUN_BUILT_ENV] = '1';
  const loaded = loadBenchmarks(values.dir);
  for (const b of loaded.broken) process.stderr.write(`FAIL  cannot load ${b}\n`);
  const wanted = (b: Benchmark) => !values.only || b.name.startsWith(values.only);
  const selected = loaded.modules.flatMap((m) => m.benchmarks.filter(wanted));
  if (selected.length === 0) {
    process.stderr.write(`bench: nothing matches --only ${values.only}\n`);
    return 2;
  }
  const log = (line: string) => {
    if (values.verbose) process.stderr.write(`  ${line}\n`);
  };
  const info = runInfo();
  const figures: BenchFigure[] = [];
  // A module's servers, databases and fleets stop as soon as its own figures are taken, so nothing one
  // benchmark left running (a polling worker, a 90-day history database) takes CPU, memory or disk
  // from the figures measured after it.
  for (const m of loaded.modules) {
    for (const b of m.benchmarks.filter(wanted)) figures.push(await measure(b));
    await tearDown(m);
  }
  async function measure(b: Benchmark): Promise<BenchFigure> {
    if (values.verbose) process.stderr.write(`${b.name}: ${b.description}\n`);
    const figure: BenchFigure = {
      name: b.name,
      value: null,
      unit: b.unit,
      budget: b.budget,
      better: b.better,
      commit: info.commit,
      time: new Date().toISOString(),
    };
    try {
      const value = await b.run(log);
      if (!Number.isFinite(value)) throw new Error(`measured ${value}`);
      figure.value = Math.round(value * 1000) / 1000;
      figure.ok = withinBudget({ ...figure, value: figure.value });
    } catch (e) {
      figure.error = e instanceof Error ? e.message : String(e);
      figure.ok = false;
      process.stderr.write(`FAIL  ${b.name}: ${figure.error}\n`);
    }
    if (values.json) process.stdout.write(JSON.stringify(figure) + '\n');
    else printFigure(figure);
    return figure;
  }
  // A partial run (--only) keeps the earlier run's figures outside its prefix, each naming the commit it
  // measured; a full run keeps nothing, so a benchmark that could not even load leaves no old value behind.
  const only = values.only;
  const kept = only ? earlierFigures(values.results).filter((f) => !f.name.startsWith(only)) : [];
  const results: BenchResults = {
    ...info,
    figures: [...kept, ...figures].sort((a, b) => a.name.localeCompare(b.name)),
  };
  mkdirSync(dirname(values.results), { recursive: true });
  writeFileSync(values.results, JSON.stringify(results, null, 2) + '\n');
  const failed = loaded.broken.length + figures.filter((f) => f.error).length;
  const over = figures.filter((f) => f.value !== null && !f.ok).length;
  process.stderr.write(
    `bench: ${figures.length - failed - over} within budget, ${over} over, ${failed} failed (commit ${info.commit.slice(0, 12)}${info.dirty ? ' + local changes' : ''}, ${info.cpus} CPUs, Node ${info.node})\n`,
  );
  if (failed > 0) return 1;
  return values.check && over > 0 ? 1 : 0;
}

async function runAll(): Promise<number> {
  try {
    return await main();
  } catch (e) {
    process.stderr.write(`bench: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  } finally {
    for (const m of [...pendingTeardowns]) await tearDown(m);
  }
}

// Exit explicitly: keep-alive sockets of the HTTP client would otherwise hold the process open.
void runAll().then((code) => process.exit(code));
