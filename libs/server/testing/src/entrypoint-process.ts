import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root, wherever the test or bench runs from. */
export const REPO_ROOT = resolve(__dirname, '../../../..');

/** The programs of the repository, from source: what tests run, no build step needed. */
export const SOURCE_ENTRYPOINTS = {
  api: 'apps/api/src/main.ts',
  worker: 'apps/worker/src/main.ts',
  simulator: 'libs/device/simulator/src/main.ts',
} as const;

/**
 * The programs as the demo, the image and docker compose run them: the `dist` build. The simulator is not
 * shipped in the image; it runs from source everywhere.
 */
export const BUILT_ENTRYPOINTS = {
  api: 'dist/server/apps/api/src/main.js',
  worker: 'dist/server/apps/worker/src/main.js',
  simulator: SOURCE_ENTRYPOINTS.simulator,
} as const;

/** Set to `1` (the benchmarks do) to run the built programs; they must have been built first. */
export const RUN_BUILT_ENV = 'PONDESK_RUN_BUILT';

const chosen = () => (process.env[RUN_BUILT_ENV] === '1' ? BUILT_ENTRYPOINTS : SOURCE_ENTRYPOINTS);

/** The sources, or the built programs when `PONDESK_RUN_BUILT=1`; read at each use, so setting it late works. */
export const ENTRYPOINTS: { readonly api: string; readonly worker: string; readonly simulator: string } = {
  get api() {
    return chosen().api;
  },
  get worker() {
    return chosen().worker;
  },
  get simulator() {
    return chosen().simulator;
  },
};

/** Keeps the end of a chatty process's output, enough for any failure message. */
const OUTPUT_LIMIT = 1_000_000;

export interface SpawnEntrypointOptions {
  /** The whole environment besides PATH; the runner's own environment when omitted. */
  env?: Record<string, string>;
  args?: readonly string[];
  cwd?: string;
  /** Names the process in a note on stderr when it exits with an error, and its log file. */
  label?: string;
  /** A folder that receives `<label>.log`, everything the process printed. */
  logDir?: string;
}

export interface EntrypointProcess extends ChildProcess {
  /** stdout and stderr as they arrived. */
  output(): string;
  stdoutText(): string;
  /** The exit code (null when a signal ended it), once the output is complete. */
  readonly exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL once `graceMs` have passed. */
  stop(graceMs?: number): Promise<void>;
}

/** Ends a child process: `signal` first, SIGKILL after `graceMs` when that was not enough. */
export function stopProcess(
  child: ChildProcess,
  graceMs = 5000,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill(signal);
    if (signal !== 'SIGKILL') setTimeout(() => child.kill('SIGKILL'), graceMs).unref();
  });
}

/**
 * Runs a program of the repository as its own process, as production runs it: a TypeScript entrypoint
 * through `tools/run-ts.cjs` (no build step), a built `.js` with node itself.
 */
export function spawnEntrypoint(entry: string, options: SpawnEntrypointOptions = {}): EntrypointProcess {
  const file = resolve(REPO_ROOT, entry);
  const argv = entry.endsWith('.ts') ? [resolve(REPO_ROOT, 'tools/run-ts.cjs'), file] : [file];
  const child = spawn(process.execPath, [...argv, ...(options.args ?? [])], {
    cwd: options.cwd ?? REPO_ROOT,
    env: options.env ? { PATH: process.env.PATH ?? '', ...options.env } : process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // `close`, not `exit`: by then the output has been read to its end.
  const exited = new Promise<number | null>((r) => child.once('close', (code) => r(code)));
  const output = new OutputTail(OUTPUT_LIMIT);
  const stdout = new OutputTail(OUTPUT_LIMIT);
  const { label, logDir } = options;
  const log = (chunk: Buffer) => label && logDir && appendFileSync(join(logDir, `${label}.log`), chunk);
  child.stdout.on('data', (d: Buffer) => {
    const text = d.toString();
    stdout.push(text);
    output.push(text);
    log(d);
  });
  child.stderr.on('data', (d: Buffer) => {
    output.push(d.toString());
    log(d);
  });
  if (label) {
    void exited.then((code) => {
      if (code && code !== 143)
        process.stderr.write(`[${label}] exited with ${code}\n${output.text().slice(-20000)}\n`);
    });
  }
  return Object.assign(child, {
    output: () => output.text(),
    stdoutText: () => stdout.text(),
    exited,
    stop: (graceMs?: number) => stopProcess(child, graceMs),
  });
}

/**
 * The last `limit` characters of a stream, kept as the chunks that came: a busy process's log (a line per
 * request) costs a push per chunk, not a copy of the whole tail.
 */
class OutputTail {
  private chunks: string[] = [];
  private size = 0;

  constructor(private readonly limit: number) {}

  push(chunk: string): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.chunks.length > 1 && this.size - this.chunks[0].length >= this.limit)
      this.size -= this.chunks.shift()?.length ?? 0;
  }

  text(): string {
    const all = this.chunks.join('');
    this.chunks = [all];
    return all.slice(-this.limit);
  }
}
