/**
 * `npm run bench -- [--json] [--only <prefix>] [--verbose]`: runs every benchmark registered in
 * tools/bench/benchmarks/*.bench.ts, prints one line per figure and merges the figures into bench/results.json.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { withinBudget, type BenchResult, type Benchmark } from './bench-types';

const ROOT = resolve(__dirname, '../..');
const RESULTS = join(ROOT, 'bench', 'results.json');

/** Modules may export `teardown()` to stop what their benchmarks started (servers, databases). */
const teardowns: (() => Promise<void>)[] = [];

/** Every `benchmarks/*.bench.ts`; a file that fails to load is reported and skipped, the others still run. */
function loadBenchmarks(): { benchmarks: Benchmark[]; broken: string[] } {
  const dir = join(__dirname, 'benchmarks');
  const out: Benchmark[] = [];
  const broken: string[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort()) {
    try {
      const mod = require(join(dir, file)) as { benchmarks?: Benchmark[]; teardown?: () => Promise<void> };
      if (mod.teardown) teardowns.push(mod.teardown);
      if (!Array.isArray(mod.benchmarks)) throw new Error('must export "benchmarks: Benchmark[]"');
      out.push(...mod.benchmarks);
    } catch (e) {
      broken.push(`${file}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const names = out.map((b) => b.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw new Error(`benchmark "${dup}" is registered twice`);
  return { benchmarks: out, broken };
}

function readResults(): BenchResult[] {
  if (!existsSync(RESULTS)) return [];
  try {
    const parsed: unknown = JSON.parse(readFileSync(RESULTS, 'utf8'));
    return Array.isArray(parsed) ? (parsed as BenchResult[]) : [];
  } catch {
    return [];
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      json: { type: 'boolean', default: false },
      only: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const loaded = loadBenchmarks();
  for (const b of loaded.broken) process.stderr.write(`FAIL  cannot load ${b}\n`);
  const selected = loaded.benchmarks.filter((b) => !values.only || b.name.startsWith(values.only));
  if (selected.length === 0) {
    process.stderr.write(`bench: nothing matches --only ${values.only}\n`);
    return 2;
  }
  const log = (line: string) => {
    if (values.verbose) process.stderr.write(`  ${line}\n`);
  };
  const results: BenchResult[] = [];
  let failed = loaded.broken.length > 0;
  for (const b of selected) {
    if (values.verbose) process.stderr.write(`${b.name}: ${b.description}\n`);
    try {
      const value = await b.run(log);
      const r: BenchResult = {
        name: b.name,
        value: Math.round(value * 1000) / 1000,
        unit: b.unit,
        budget: b.budget,
        better: b.better,
      };
      results.push(r);
      if (values.json) process.stdout.write(JSON.stringify(r) + '\n');
      else {
        const ok = withinBudget(r);
        process.stdout.write(
          `${ok ? 'ok  ' : 'OVER'}  ${r.name.padEnd(36)} ${String(r.value).padStart(10)} ${r.unit.padEnd(8)} budget ${r.better === 'lower' ? '<=' : '>='} ${r.budget}\n`,
        );
      }
    } catch (e) {
      failed = true;
      process.stderr.write(`FAIL  ${b.name}: ${e instanceof Error ? e.message : String(e)}\n`);
    }
  }
  // Merge so a partial run (--only) keeps the other figures.
  const merged = readResults().filter((r) => !results.some((n) => n.name === r.name));
  mkdirSync(join(ROOT, 'bench'), { recursive: true });
  writeFileSync(
    RESULTS,
    JSON.stringify(
      [...merged, ...results].sort((a, b) => a.name.localeCompare(b.name)),
      null,
      2,
    ) + '\n',
  );
  return failed ? 1 : 0;
}

async function runAll(): Promise<number> {
  try {
    return await main();
  } catch (e) {
    process.stderr.write(`bench: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  } finally {
    for (const t of teardowns)
      await t().catch((e: unknown) => process.stderr.write(`bench teardown: ${String(e)}\n`));
  }
}

// Exit explicitly: keep-alive sockets of the HTTP client would otherwise hold the process open.
void runAll().then((code) => process.exit(code));
