import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { migrateDatabase } from '@pondesk/server-database';
import { freePort, waitFor } from './net';
import type { TestDatabase } from './migrated-database';
import { freshDatabaseName } from './test-database';

const run = promisify(execFile);

/** The PostgreSQL server programs: `PG_BIN`, else the newest `/usr/lib/postgresql/<v>/bin`. */
function postgresBinDir(): string {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : [];
  const found = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (!found)
    throw new Error(
      `initdb not found (looked in ${candidates.length ? candidates.join(', ') : '/usr/lib/postgresql/<version>/bin'}): ` +
        'install the PostgreSQL server programs (Debian: postgresql) or set PG_BIN to the folder holding initdb and pg_ctl',
    );
  return found;
}

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary folder, trust auth, loopback only, its own
 * port), which the test may stop, start and restart without touching the machine's shared server. As root,
 * the cluster belongs to and runs as the `postgres` user (the server refuses to run as root).
 */
export class PrivatePostgres {
  private running = false;

  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly bin: string,
    private readonly owner: { uid: number; gid: number } | null,
  ) {}

  static async start(): Promise<PrivatePostgres> {
    const bin = postgresBinDir();
    const dir = mkdtempSync(join(tmpdir(), 'pondesk-pg-'));
    let owner: { uid: number; gid: number } | null = null;
    if (process.getuid?.() === 0) {
      const [uid, gid] = await Promise.all([
        run('id', ['-u', 'postgres']).then((r) => Number(r.stdout.trim())),
        run('id', ['-g', 'postgres']).then((r) => Number(r.stdout.trim())),
      ]).catch(() => {
        throw new Error('running as root, but there is no postgres user to own the private cluster');
      });
      owner = { uid, gid };
      chownSync(dir, uid, gid);
    }
    const pg = new PrivatePostgres(dir, await freePort(), bin, owner);
    await pg.exec('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    await pg.start();
    return pg;
  }

  /** A URL of the cluster, for `database`. */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    if (this.running) return;
    await this.exec('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-l',
      join(this.dir, 'server.log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      'start',
    ]);
    this.running = true;
  }

  /** Stops the server at once, cutting every client (`-m fast`), as a crash or a restart does. */
  async stop(): Promise<void> {
    if (!this.running) return;
    await this.exec('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']);
    this.running = false;
  }

  /** A fresh database of the cluster, migrated. */
  async createMigratedDatabase(prefix = 'pondesk_private'): Promise<TestDatabase> {
    const name = freshDatabaseName(prefix);
    await this.admin((c) => c.query(`CREATE DATABASE "${name}"`));
    const url = this.url(name);
    await migrateDatabase(url);
    return {
      name,
      url,
      drop: () =>
        this.admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
    };
  }

  /** Answers queries again (after `start`). */
  async waitReady(timeoutMs = 20000): Promise<void> {
    await waitFor(() => this.admin((c) => c.query('SELECT 1')).then(() => true), {
      timeoutMs,
      what: `the private Postgres on ${this.port}`,
    });
  }

  /** Stops the server and removes its files. */
  async destroy(): Promise<void> {
    await this.stop().catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: this.url() });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  private async exec(program: string, args: string[]): Promise<void> {
    const path = join(this.bin, program);
    const [file, argv] = this.owner ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
    try {
      await run(file, argv, { cwd: this.dir, timeout: 60000 });
    } catch (error) {
      const e = error as { stderr?: string; message: string };
      throw new Error(`${program} ${args.join(' ')} failed: ${e.stderr?.trim() || e.message}`);
    }
  }
}
