import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPingHosts, type PingHosts } from '@pondesk/device-simulator';
import { FpingProber, type FpingNotice, type PingResult } from './fping-prober';

jest.setTimeout(60_000);

/**
 * The prober with the real fping (Debian's 5.1) against loopback addresses, which always answer, and
 * against addresses in a network namespace this test makes, which can be silenced. Nothing leaves the
 * machine.
 */
const loopback = (n: number) => Array.from({ length: n }, (_, i) => `127.0.0.${i + 1}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function collect() {
  const results: PingResult[] = [];
  const notices: FpingNotice[] = [];
  return {
    results,
    notices,
    onResults: (batch: PingResult[]) => results.push(...batch),
    onNotice: (notice: FpingNotice) => notices.push(notice),
    of: (ip: string) => results.filter((r) => r.ip === ip),
  };
}

describe('FpingProber with the real fping', () => {
  let prober: FpingProber | undefined;
  afterEach(async () => {
    await prober?.close();
    prober = undefined;
  });

  it('probes every target once a second, over several processes started on the same grid point', async () => {
    const got = collect();
    const targets = loopback(50);
    prober = new FpingProber({ ...got, intervalMs: 1000, timeoutMs: 800, maxTargetsPerProcess: 20 });
    prober.setTargets(targets);
    await sleep(4600);
    expect(prober.pids).toHaveLength(3);
    expect(prober.shardTargets.map((s) => s.length)).toEqual([20, 20, 10]);
    const firsts: number[] = [];
    for (const ip of targets) {
      const mine = got.of(ip);
      // Started on a whole second (phase 0), then one probe a second: 4 or 5 in 4.6 s.
      expect(mine.length).toBeGreaterThanOrEqual(4);
      expect(mine.length).toBeLessThanOrEqual(5);
      for (const r of mine) {
        expect(r.rttMs).not.toBeNull();
        expect(r.rttMs!).toBeLessThan(50);
      }
      const ats = mine.map((r) => r.at.getTime());
      for (let i = 1; i < ats.length; i++) expect(Math.abs(ats[i] - ats[i - 1] - 1000)).toBeLessThan(60);
      firsts.push(ats[0]);
    }
    // Every process sends its round at the same moment of the second: the grid point, plus the spacing.
    const offsets = firsts.map((t) => t % 1000);
    expect(Math.max(...offsets)).toBeLessThan(300);
    expect(Math.max(...offsets) - Math.min(...offsets)).toBeLessThan(100);
    expect(got.notices.filter((n) => n.kind === 'started')).toHaveLength(3);
  });

  it('restarts only the processes whose targets changed, and stops them all on close', async () => {
    const got = collect();
    prober = new FpingProber({ ...got, maxTargetsPerProcess: 10 });
    prober.setTargets(loopback(25));
    await sleep(1500);
    const [p0, p1, p2] = prober.pids;
    expect(prober.pids).toHaveLength(3);
    // 127.0.0.3 goes (shard 0 restarts), 127.0.1.1 comes and joins it: shards 1 and 2 keep their processes.
    prober.setTargets([...loopback(25).filter((ip) => ip !== '127.0.0.3'), '127.0.1.1']);
    await sleep(1600);
    expect(prober.pids).toHaveLength(3);
    expect(prober.pids[1]).toBe(p1);
    expect(prober.pids[2]).toBe(p2);
    expect(prober.pids[0]).not.toBe(p0);
    expect(alive(p0)).toBe(false);
    // The old process ended on the grid point its successor started on, at most a second after the change.
    const since = Date.now();
    await sleep(1500);
    expect(got.of('127.0.1.1').some((r) => r.at.getTime() >= since)).toBe(true);
    expect(got.of('127.0.0.3').some((r) => r.at.getTime() >= since)).toBe(false);
    // Across the restart of its process, a kept target still has one probe a second: none twice, none missed.
    const kept = got.of('127.0.0.1').map((r) => r.at.getTime());
    expect(kept.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < kept.length; i++) expect(Math.abs(kept[i] - kept[i - 1] - 1000)).toBeLessThan(60);
    const pids = prober.pids;
    await prober.close();
    for (const pid of pids) expect(alive(pid)).toBe(false);
    const count = got.results.length;
    await sleep(1200);
    expect(got.results.length).toBe(count);
  });

  it('reports a silent host lost each second, at the time its probe was sent, and answering again', async () => {
    let hosts: PingHosts | undefined;
    try {
      hosts = await createPingHosts(2);
      const [talking, silent] = hosts.addresses;
      const got = collect();
      prober = new FpingProber({ ...got, intervalMs: 1000, timeoutMs: 500 });
      prober.setTargets([talking, silent]);
      await sleep(2200);
      await hosts.setAnswering(silent, false);
      await sleep(3000);
      await hosts.setAnswering(silent, true);
      await sleep(2000);
      const mine = got.of(silent);
      const lost = mine.filter((r) => r.rttMs === null);
      expect(lost.length).toBeGreaterThanOrEqual(2);
      expect(lost.length).toBeLessThanOrEqual(4);
      // Lost or not, one probe a second, dated when it was sent: the grid never shifts by the timeout.
      const ats = mine.map((r) => r.at.getTime());
      for (let i = 1; i < ats.length; i++) expect(Math.abs(ats[i] - ats[i - 1] - 1000)).toBeLessThan(60);
      expect(mine.at(-1)!.rttMs).not.toBeNull();
      expect(got.of(talking).every((r) => r.rttMs !== null)).toBe(true);
    } finally {
      await prober?.close();
      await hosts?.close();
    }
  });
});

describe('FpingProber with a stand-in program', () => {
  let dir: string;
  let prober: FpingProber | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pondesk-fping-'));
  });
  afterEach(async () => {
    await prober?.close();
    prober = undefined;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** A program that prints `lines` (fping's own, with the time it runs) and then exits with `code`. */
  const standIn = async (name: string, body: string) => {
    const path = join(dir, name);
    await writeFile(path, `#!/bin/sh\nnow=$(date +%s.%N | cut -c1-16)\n${body}\n`);
    await chmod(path, 0o755);
    return path;
  };

  it('starts a crashed process again with doubling backoff, keeping its results', async () => {
    const fpingPath = await standIn(
      'crashing',
      [
        'echo "[$now] 127.0.0.1 : [0], 64 bytes, 0.021 ms (0.021 avg, 0% loss)"',
        'echo "[$now] 127.0.0.1 : [0], 64 bytes, 0.030 ms (0.025 avg, 0% loss)"',
        'echo "fping: something went wrong" >&2',
        'exit 4',
      ].join('\n'),
    );
    const got = collect();
    prober = new FpingProber({
      ...got,
      fpingPath,
      intervalMs: 200,
      timeoutMs: 100,
      restartBackoffMs: { initial: 300, max: 1000 },
    });
    prober.setTargets(['127.0.0.1']);
    await sleep(2200);
    const exits = got.notices.filter((n) => n.kind === 'exited');
    expect(exits.slice(0, 3).map((n) => n.kind === 'exited' && [n.code, n.restartInMs])).toEqual([
      [4, 300],
      [4, 600],
      [4, 1000],
    ]);
    expect(got.notices).toContainEqual({ kind: 'output', text: 'fping: something went wrong' });
    // The repeated probe number is a duplicate reply: one result per run.
    const starts = got.notices.filter((n) => n.kind === 'started').length;
    expect(got.results.length).toBeGreaterThanOrEqual(exits.length);
    expect(got.results.length).toBeLessThanOrEqual(starts);
    expect(got.results.every((r) => r.ip === '127.0.0.1' && r.rttMs === 0.021)).toBe(true);
  });

  it('reports a program that cannot be started and tries again, without throwing', async () => {
    const got = collect();
    prober = new FpingProber({
      ...got,
      fpingPath: join(dir, 'not-installed'),
      restartBackoffMs: { initial: 200, max: 200 },
    });
    prober.setTargets(['127.0.0.1']);
    await sleep(2600);
    const failed = got.notices.filter((n) => n.kind === 'spawn-failed');
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(failed[0]).toMatchObject({ kind: 'spawn-failed', restartInMs: 200 });
    expect(failed[0].kind === 'spawn-failed' && failed[0].error).toMatch(/ENOENT/);
    expect(got.results).toEqual([]);
  });

  it('refuses what is not an address before changing anything', () => {
    prober = new FpingProber({ onResults: () => undefined });
    expect(() => prober!.setTargets(['127.0.0.1', '-h'])).toThrow(RangeError);
    expect(() => prober!.setTargets(['example.com'])).toThrow(RangeError);
    expect(prober.shardTargets).toEqual([]);
    expect(() => new FpingProber({ onResults: () => undefined, timeoutMs: 1000 })).toThrow(RangeError);
  });
});
