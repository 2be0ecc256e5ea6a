import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { BenchResults } from './bench-types';

const ROOT = resolve(__dirname, '../..');
const run = promisify(execFile);

/** Three figures: 5 ms under a 10 ms budget, a ratio of 0.5 under a floor of 0.7, and one that throws. */
const FIXTURE = `
exports.benchmarks = [
  { name: 'demo.fast_ms', unit: 'ms', budget: 10, better: 'lower', description: 'fast', run: async () => 5 },
  { name: 'demo.ratio', unit: 'ratio', budget: 0.7, better: 'higher', description: 'low', run: async () => 0.5 },
  { name: 'demo.broken', unit: 's', budget: 1, better: 'lower', description: 'throws',
    run: async () => { throw new Error('the fleet did not answer'); } },
];
`;

describe('npm run bench (the harness)', () => {
  let dir: string;
  let results: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pondesk-bench-'));
    writeFileSync(join(dir, 'demo.bench.ts'), FIXTURE);
    results = join(dir, 'out', 'results.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function bench(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        [
          'tools/run-ts.cjs',
          'tools/bench/bench.ts',
          '--no-build',
          '--dir',
          dir,
          '--results',
          results,
          ...args,
        ],
        { cwd: ROOT },
      );
      return { code: 0, stdout, stderr };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout, stderr: err.stderr };
    }
  }

  const read = () => JSON.parse(readFileSync(results, 'utf8')) as BenchResults;

  it('records the run and every figure; a figure that failed has an error and no value', async () => {
    const out = await bench('--only', 'demo.fast');
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^ok\s+demo\.fast_ms\s+5 ms/m);
    const r = read();
    const head = (await run('git', ['rev-parse', 'HEAD'], { cwd: ROOT })).stdout.trim();
    expect(r.commit).toBe(head);
    expect(r.node).toBe(process.version);
    expect(r.cpus).toBeGreaterThan(0);
    expect(Date.now() - Date.parse(r.time)).toBeLessThan(60_000);
    expect(r.figures).toEqual([
      expect.objectContaining({ name: 'demo.fast_ms', value: 5, ok: true, commit: head }),
    ]);
  }, 60_000);

  it('fails when a benchmark throws, and leaves no earlier value for it', async () => {
    await bench('--only', 'demo.fast');
    // An earlier run had measured demo.broken; this run's failure must not keep that number.
    const earlier = read();
    earlier.figures.push({ ...earlier.figures[0], name: 'demo.broken', value: 0.2, ok: true });
    writeFileSync(results, JSON.stringify(earlier));
    const out = await bench('--only', 'demo.broken');
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('FAIL  demo.broken: the fleet did not answer');
    const figures = read().figures;
    expect(figures.find((f) => f.name === 'demo.broken')).toMatchObject({
      value: null,
      ok: false,
      error: 'the fleet did not answer',
    });
    // The figure this run did not select is kept, with the commit that measured it.
    expect(figures.find((f) => f.name === 'demo.fast_ms')).toMatchObject({ value: 5 });
  }, 60_000);

  it('a full run keeps no figure of an earlier run, even of a benchmark that no longer loads', async () => {
    await bench('--only', 'demo.fast');
    writeFileSync(join(dir, 'gone.bench.ts'), "throw new Error('cannot load');");
    const earlier = read();
    earlier.figures.push({ ...earlier.figures[0], name: 'gone.figure', value: 1 });
    writeFileSync(results, JSON.stringify(earlier));
    const out = await bench();
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('FAIL  cannot load gone.bench.ts: cannot load');
    expect(read().figures.map((f) => f.name)).toEqual(['demo.broken', 'demo.fast_ms', 'demo.ratio']);
  }, 60_000);

  it("stops each module's servers right after its own figures, before the next module's run", async () => {
    // Two modules, each appending to a journal as its benchmark runs and as its teardown runs.
    const journal = join(dir, 'journal.txt');
    const mod = (name: string) => `
      const { appendFileSync } = require('node:fs');
      exports.benchmarks = [{ name: '${name}.x', unit: 'ms', budget: 10, better: 'lower', description: '${name}',
        run: async () => { appendFileSync(${JSON.stringify(journal)}, 'run ${name}\\n'); return 1; } }];
      exports.teardown = async () => { appendFileSync(${JSON.stringify(journal)}, 'stop ${name}\\n'); };
    `;
    rmSync(join(dir, 'demo.bench.ts'));
    writeFileSync(join(dir, 'a.bench.ts'), mod('a'));
    writeFileSync(join(dir, 'b.bench.ts'), mod('b'));
    const out = await bench();
    expect(out.code).toBe(0);
    expect(readFileSync(journal, 'utf8').trim().split('\n')).toEqual(['run a', 'stop a', 'run b', 'stop b']);
  }, 60_000);

  it('a figure over its budget is reported, and exits non-zero only with --check', async () => {
    const plain = await bench('--only', 'demo.ratio');
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^OVER\s+demo\.ratio\s+0\.5 ratio\s+budget >= 0\.7/m);
    const checked = await bench('--only', 'demo.ratio', '--check');
    expect(checked.code).toBe(1);
    expect(read().figures).toEqual([expect.objectContaining({ name: 'demo.ratio', value: 0.5, ok: false })]);
  }, 60_000);
});
