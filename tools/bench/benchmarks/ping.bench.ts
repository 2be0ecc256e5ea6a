import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { MonitorServer } from '@pondesk/contracts';
import { createPingHosts, pingHostsAvailable } from '@pondesk/device-simulator';
import { ApiClient, registerAccount, startTestStack, waitFor, type TestStack } from '@pondesk/server-testing';
import type { Benchmark } from '../bench-types';
import { cpuMs, median } from '../bench-stats';
import { buildWebApp, launchChromium, signedInContext } from '../browser-session';

/** Targets of `ping.hosts_per_s`: loopback addresses from 127.0.4.1 on (this machine only). */
const TARGETS = Number(process.env.BENCH_PING_TARGETS ?? 2000);
/** Seconds over which the probe rate is counted, once every target has its first result. */
const WINDOW_S = 30;
/** Trials of `ping.state_change_to_browser_s`, spread over the probe second. */
const TRIALS = 6;

/** `n` loopback addresses from 127.0.4.1, skipping .0 and .255 of each /24. */
function loopbackTargets(n: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const host = i % 254;
    out.push(`127.0.${4 + Math.floor(i / 254)}.${host + 1}`);
  }
  return out;
}

/** Pids of `pid`'s children (fping), from /proc. */
function childrenOf(pid: number): number[] {
  const kids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.split(') ')[1].split(' ')[1]) === pid) kids.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return kids;
}

async function addServer(api: ApiClient, token: string, name: string, ip: string): Promise<MonitorServer> {
  const res = await api.post<MonitorServer>('/monitor/servers', { name, ip, latencyLimitMs: 50 }, token);
  if (res.status !== 201) throw new Error(`adding server ${ip}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function pool<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

const stacks: TestStack[] = [];

export async function teardown(): Promise<void> {
  for (const s of stacks.splice(0)) await s.stop();
}

export const benchmarks: Benchmark[] = [
  {
    name: 'ping.hosts_per_s',
    unit: 'targets/s',
    budget: 2000,
    better: 'higher',
    description:
      `${TARGETS} IP-monitor servers on loopback addresses, added through the API; one worker's prober (fping, ` +
      `1 s interval) stores their results in Postgres and pushes them: results stored per second over ${WINDOW_S} s ` +
      `(a target counts each second it was probed and stored), with the worker's and fping's CPU`,
    async run(log) {
      const stack = await startTestStack({
        databasePrefix: 'pondesk_bench_ping',
        env: { PING_ENABLED: 'true' },
      });
      stacks.push(stack);
      const api = new ApiClient(stack.url);
      const account = await registerAccount(api, 'ping');
      const targets = loopbackTargets(TARGETS);
      const t0 = performance.now();
      await pool(targets, 8, async (ip) => void (await addServer(api, account.token, `srv ${ip}`, ip)));
      log(
        `${targets.length} servers added through the API in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      const db = new Client({ connectionString: stack.database.url });
      await db.connect();
      try {
        const known = async () =>
          Number(
            (await db.query(`SELECT count(*)::int AS n FROM monitor_server WHERE state <> 'unknown'`)).rows[0]
              .n,
          );
        const t1 = performance.now();
        await waitFor(async () => (await known()) === targets.length, {
          timeoutMs: 60_000,
          intervalMs: 500,
          what: 'every server to have its first result',
        });
        log(
          `every server had its first result ${((performance.now() - t1) / 1000).toFixed(1)} s after the last was added`,
        );
        // Settle, then count over the window.
        await new Promise((r) => setTimeout(r, 3000));
        const pid = stack.worker.pid;
        if (pid === undefined) throw new Error('the worker has no pid');
        const pids = () => [pid, ...childrenOf(pid)];
        // A window of whole seconds (the prober's rounds start on whole seconds), so it holds exactly
        // WINDOW_S rounds and a target probed every second counts WINDOW_S times.
        const from = new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000);
        const to = new Date(from.getTime() + WINDOW_S * 1000);
        await new Promise((r) => setTimeout(r, from.getTime() - Date.now()));
        const cpu0 = pids().reduce((n, p) => n + cpuMs(p), 0);
        await new Promise((r) => setTimeout(r, to.getTime() - Date.now()));
        const cpu1 = pids().reduce((n, p) => n + cpuMs(p), 0);
        // Results land a moment after their probe: wait for the last second's rows.
        await new Promise((r) => setTimeout(r, 2500));
        const perSecond = (
          await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM ping_sample WHERE at >= $1 AND at < $2
              GROUP BY date_trunc('second', at) ORDER BY date_trunc('second', at)`,
            [from, to],
          )
        ).rows.map((r) => r.n);
        const { rows } = await db.query<{ total: number; lost: number; targets: number; starved: number }>(
          `WITH per AS (SELECT target_id, count(*) AS n, count(*) FILTER (WHERE rtt_ms IS NULL) AS lost
                          FROM ping_sample WHERE at >= $1 AND at < $2 GROUP BY target_id)
           SELECT coalesce(sum(n), 0)::int AS total, coalesce(sum(lost), 0)::int AS lost, count(*)::int AS targets,
                  count(*) FILTER (WHERE n < $3)::int AS starved FROM per`,
          [from, to, WINDOW_S],
        );
        const seconds = WINDOW_S;
        const rate = rows[0].total / seconds;
        log(
          `${rows[0].total} results stored in ${seconds.toFixed(1)} s from ${rows[0].targets} targets ` +
            `(${rows[0].lost} lost; ${rows[0].starved} targets missed a second); ` +
            `per second: median ${median(perSecond)}, min ${Math.min(...perSecond)}, max ${Math.max(...perSecond)}`,
        );
        log(
          `CPU of the worker and its fping processes (${pids().length - 1}): ` +
            `${((cpu1 - cpu0) / seconds / 10).toFixed(1)} % of one core`,
        );
        return rate;
      } finally {
        await db.end();
        await stacks.pop()?.stop();
      }
    },
  },
  {
    name: 'ping.state_change_to_browser_s',
    unit: 's',
    budget: 3,
    better: 'lower',
    description:
      `worst of ${TRIALS} trials: a server's host (in a network namespace on this machine) stops answering ` +
      `at moments spread over the probe second; seconds until a signed-in browser on /ping shows its card in ` +
      `alert (worker prober, API serving the built app, Chromium); the card going back to ok is timed too`,
    async run(log) {
      if (!pingHostsAvailable())
        throw new Error('this figure needs root: its host lives in a network namespace');
      const dist = mkdtempSync(join(tmpdir(), 'pondesk-bench-ping-'));
      const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dist, { recursive: true, force: true })];
      try {
        log('building the web app');
        await buildWebApp(dist);
        const hosts = await createPingHosts(1);
        cleanups.push(() => hosts.close());
        const stack = await startTestStack({
          databasePrefix: 'pondesk_bench_ping_live',
          env: { WEB_DIST_DIR: dist, NODE_ENV: 'production', LOG_LEVEL: 'info', PING_ENABLED: 'true' },
        });
        cleanups.push(() => stack.stop());
        const api = new ApiClient(stack.url);
        const account = await registerAccount(api, 'pinglive');
        const [address] = hosts.addresses;
        const server = await addServer(api, account.token, 'Watched host', address);
        const browser = await launchChromium();
        cleanups.push(() => browser.close());
        const context = await signedInContext(browser, stack.url, account);
        const page = await context.newPage();
        await page.goto('/ping');
        const card = (state: string) =>
          page.locator(`[data-testid="server-card"][data-id="${server.id}"][data-state="${state}"]`);
        await card('ok').waitFor({ timeout: 30_000 });
        const down: number[] = [];
        const up: number[] = [];
        for (let i = 0; i < TRIALS; i++) {
          // Spread over the probe second: wait until (i / TRIALS) of a second past a whole second.
          const phase = (i / TRIALS) * 1000;
          await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + phase));
          let t0 = Date.now();
          await hosts.setAnswering(address, false);
          await card('alert').waitFor({ timeout: 15_000 });
          down.push((Date.now() - t0) / 1000);
          await new Promise((r) => setTimeout(r, 1500));
          t0 = Date.now();
          await hosts.setAnswering(address, true);
          await card('ok').waitFor({ timeout: 15_000 });
          up.push((Date.now() - t0) / 1000);
          log(
            `trial ${i + 1}: alert on screen after ${down[i].toFixed(2)} s, ok again after ${up[i].toFixed(2)} s`,
          );
          await new Promise((r) => setTimeout(r, 1500));
        }
        log(
          `going silent: median ${median(down).toFixed(2)} s; answering again: median ${median(up).toFixed(2)} s, worst ${Math.max(...up).toFixed(2)} s`,
        );
        return Math.max(...down);
      } finally {
        for (const c of cleanups.reverse()) await c();
      }
    },
  },
];
