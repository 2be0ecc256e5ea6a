/**
 * Starts Debian's `snmpsimd` on a free loopback UDP port serving a directory of `.snmprec` recordings.
 * Used by integration tests, the bench and local development; never by production code.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { chownSync, existsSync, mkdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SnmpClient } from '../snmp-client';

export interface SnmpSimulator {
  host: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

export interface StartSnmpSimulatorOptions {
  dataDir: string;
  /** A community (recording path) used to probe readiness. */
  probeCommunity: string;
  /** snmpsimd's index directory; default: a fresh temp dir removed on stop. */
  cacheDir?: string;
  maxVarbinds?: number;
  startTimeoutMs?: number;
  extraArgs?: readonly string[];
}

export async function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createSocket('udp4');
    s.once('error', reject);
    s.bind(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function findSnmpsimd(): string {
  for (const p of ['/usr/bin/snmpsimd', '/usr/local/bin/snmpsimd', '/usr/bin/snmpsimd.py'])
    if (existsSync(p)) return p;
  const which = spawnSync('sh', ['-c', 'command -v snmpsimd || command -v snmpsimd.py'], {
    encoding: 'utf8',
  });
  const found = which.stdout.trim();
  if (found) return found;
  throw new Error(
    'snmpsimd is not installed: run `apt-get install -y snmpsim snmp` (Debian) to serve the SNMP recordings',
  );
}

export async function startSnmpSimulator(options: StartSnmpSimulatorOptions): Promise<SnmpSimulator> {
  const bin = findSnmpsimd();
  const port = await freeUdpPort();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // A private cache per instance: parallel test files must not build the same index files concurrently.
  const ownCache = options.cacheDir === undefined;
  const cacheDir = options.cacheDir ?? mkdtempSync(join(tmpdir(), 'pondesk-snmpsim-cache-'));
  mkdirSync(cacheDir, { recursive: true });
  const logDir = mkdtempSync(join(tmpdir(), 'pondesk-snmpsim-log-'));
  const logFile = join(logDir, 'snmpsimd.log');
  if (isRoot) {
    // snmpsimd refuses to run as root and must write its index as the dropped user.
    const ids = spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' });
    const gid = spawnSync('getent', ['group', 'nogroup'], { encoding: 'utf8' }).stdout.split(':')[2];
    try {
      chownSync(cacheDir, Number(ids.stdout.trim()), Number(gid));
      chownSync(logDir, Number(ids.stdout.trim()), Number(gid));
    } catch {
      // not fatal when the directory already belongs to nobody
    }
  }
  const args = [
    `--data-dir=${options.dataDir}`,
    `--cache-dir=${cacheDir}`,
    `--agent-udpv4-endpoint=127.0.0.1:${port}`,
    `--logging-method=file:${logFile}`,
    ...(options.maxVarbinds ? [`--max-varbinds=${options.maxVarbinds}`] : []),
    ...(isRoot ? ['--process-user=nobody', '--process-group=nogroup'] : []),
    ...(options.extraArgs ?? []),
  ];
  const child: ChildProcess = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));

  const stop = async (): Promise<void> => {
    if (!exited) {
      const done = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 3000);
      await done;
      clearTimeout(t);
    }
    rmSync(logDir, { recursive: true, force: true });
    if (ownCache) rmSync(cacheDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  const probe = new SnmpClient({
    host: '127.0.0.1',
    port,
    community: options.probeCommunity,
    timeoutMs: 500,
    retries: 0,
  });
  try {
    while (Date.now() < deadline) {
      if (exited) {
        const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
        throw new Error(`snmpsimd exited during start-up: ${stderr.slice(-2000)} ${log}`);
      }
      try {
        await probe.get(['1.3.6.1.2.1.1.1.0']);
        return { host: '127.0.0.1', port, dataDir: options.dataDir, stop };
      } catch {
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } finally {
    probe.close();
  }
  await stop();
  throw new Error(
    `snmpsimd did not answer on 127.0.0.1:${port} within ${options.startTimeoutMs ?? 60_000} ms`,
  );
}
