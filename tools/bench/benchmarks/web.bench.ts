import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { Client } from 'pg';
import {
  createMigratedDatabase,
  seedOnuFleet,
  startApiProcess,
  testEnv,
  type ApiProcess,
} from '@pondesk/server-testing';
import type { Benchmark } from '../bench-types';
import { buildWebApp, launchChromium, signedInContext } from '../browser-session';

const OLTS = 200;
const ONUS_PER_OLT = 500;
const DASHBOARD_RUNS = 5;
const ACCOUNT = { username: 'bench_web', email: 'bench.web@example.test', password: 'bench-pass-123' };

interface Stack {
  url: string;
  port: number;
  databaseUrl: string;
  tenantId: string;
  browser: Browser;
  /** The fleet is written on first use: only the dashboard needs it. */
  seeded?: Promise<void>;
  stop(): Promise<void>;
}

let stack: Promise<Stack> | undefined;

/**
 * The web app built as a release builds it (into a folder of its own, so a build elsewhere is not
 * disturbed), the API process serving it in production mode on a fresh database, and Chromium.
 */
async function start(log: (l: string) => void): Promise<Stack> {
  const dist = mkdtempSync(join(tmpdir(), 'pondesk-bench-web-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dist, { recursive: true, force: true })];
  const stop = async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  };
  try {
    log('building the web app');
    await buildWebApp(dist);
    const database = await createMigratedDatabase('pondesk_bench_web');
    cleanups.push(() => database.drop());
    const api: ApiProcess = await startApiProcess(
      testEnv({ DATABASE_URL: database.url, WEB_DIST_DIR: dist, NODE_ENV: 'production', LOG_LEVEL: 'info' }),
    );
    cleanups.push(() => api.stop());
    const res = await fetch(`${api.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: ACCOUNT.username,
        email: ACCOUNT.email,
        password: ACCOUNT.password,
        passwordConfirmation: ACCOUNT.password,
        acceptTerms: true,
      }),
    });
    const auth = (await res.json()) as { user?: { tenantId: string } };
    if (!auth.user) throw new Error(`register failed: ${res.status} ${JSON.stringify(auth)}`);
    const browser = await launchChromium();
    cleanups.push(() => browser.close());
    return {
      url: api.url,
      port: Number(new URL(api.url).port),
      databaseUrl: database.url,
      tenantId: auth.user.tenantId,
      browser,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export async function teardown(): Promise<void> {
  const s = await stack?.catch(() => undefined);
  await s?.stop();
}

interface WireAnswer {
  status: number;
  /** Status line, headers and body, as they came over the socket. */
  bytes: number;
  headers: Map<string, string>;
}

/**
 * One request over a plain TCP socket, counting every byte of the answer as the server sent it (no
 * decompression, no client caching); `Connection: close` makes the end of the answer the end of the socket.
 */
function wireFetch(port: number, method: string, path: string): Promise<WireAnswer> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', fail);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const head = all.subarray(0, all.indexOf('\r\n\r\n')).toString('latin1').split('\r\n');
      const headers = new Map(
        head
          .slice(1)
          .map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      done({ status: Number(head[0].split(' ')[1]), bytes: all.length, headers });
    });
    socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Encoding: br, gzip\r\nConnection: close\r\n` +
        (method === 'GET' ? '' : 'Content-Length: 0\r\n') +
        '\r\n',
    );
  });
}

async function seedFleet(s: Stack, log: (l: string) => void): Promise<void> {
  const db = new Client({ connectionString: s.databaseUrl });
  await db.connect();
  try {
    const t0 = Date.now();
    await seedOnuFleet(db, s.tenantId, { olts: OLTS, onusPerOlt: ONUS_PER_OLT });
    await db.query('ANALYZE');
    log(`seeded ${OLTS} OLTs and ${OLTS * ONUS_PER_OLT} ONUs in ${Date.now() - t0} ms`);
  } finally {
    await db.end();
  }
}

/**
 * Installed in the page before any script (the page's own JavaScript, so a string): records, as
 * performance.now() from the start of the navigation, the frame in which all four counts show numbers.
 */
const WATCH_COUNTS = `(() => {
  const cards = ['olt', 'olt-port', 'weak', 'offline'];
  const shown = () => cards.every((c) => /^\\d+$/.test(
    document.querySelector('[data-testid="dashboard-card-' + c + '"] [data-testid="dashboard-card-value"]')?.textContent?.trim() ?? ''));
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__countsShownAt = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/** Read in the page (a function, not a string: the page's CSP refuses string evaluation). */
const shownAt = () => (globalThis as unknown as { __countsShownAt?: number }).__countsShownAt;

/** When each API call of the load started and ended (ms from navigation), for the verbose log. */
function apiTimeline(): string {
  return (
    performance.getEntriesByType('resource') as unknown as {
      name: string;
      startTime: number;
      responseEnd: number;
    }[]
  )
    .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
    .map((e) => `${new URL(e.name).pathname} ${e.startTime.toFixed(0)}-${e.responseEnd.toFixed(0)}`)
    .join(', ');
}

export const benchmarks: Benchmark[] = [
  {
    name: 'web.login_bytes_on_wire',
    unit: 'KB',
    budget: 250,
    better: 'lower',
    description:
      'bytes the sign-in route transfers as served (status line, headers and body with Accept-Encoding: br, gzip): every request Chromium makes to show /login, fetched again from the running API over a raw socket',
    async run(log) {
      const s = await (stack ??= start(log));
      const context = await s.browser.newContext({ baseURL: s.url });
      const requests: { method: string; path: string }[] = [];
      const elsewhere: string[] = [];
      try {
        const page = await context.newPage();
        page.on('request', (r) => {
          const u = new URL(r.url());
          if (u.origin === s.url) requests.push({ method: r.method(), path: u.pathname + u.search });
          else elsewhere.push(r.url());
        });
        await page.goto('/login');
        await page.getByRole('button', { name: 'Sign in' }).waitFor();
        await page.waitForLoadState('networkidle');
      } finally {
        await context.close();
      }
      // The route must not lean on anything the server does not serve (the CSP would refuse it anyway).
      if (elsewhere.length > 0)
        throw new Error(`the sign-in route fetched from elsewhere: ${elsewhere.join(', ')}`);
      let total = 0;
      for (const r of requests) {
        const answer = await wireFetch(s.port, r.method, r.path);
        total += answer.bytes;
        log(
          `${r.method} ${r.path}: ${answer.status} ${answer.headers.get('content-encoding') ?? 'identity'} ${(answer.bytes / 1024).toFixed(1)} KB`,
        );
      }
      log(`${requests.length} requests, ${(total / 1024).toFixed(1)} KB on the wire`);
      return total / 1024;
    },
  },
  {
    name: 'web.dashboard_ready_ms',
    unit: 'ms',
    budget: 1500,
    better: 'lower',
    description: `p95 of ${DASHBOARD_RUNS} cold loads (a new browser context each: empty cache, only a signed-in session's refresh cookie) from navigating to /dashboard to the frame showing its four counts, ${OLTS * ONUS_PER_OLT} ONUs on ${OLTS} OLTs`,
    async run(log) {
      const s = await (stack ??= start(log));
      await (s.seeded ??= seedFleet(s, log));
      const times: number[] = [];
      for (let i = 0; i < DASHBOARD_RUNS; i++) {
        const context = await signedInContext(s.browser, s.url, ACCOUNT);
        try {
          const page = await context.newPage();
          await page.addInitScript({ content: WATCH_COUNTS });
          await page.goto('/dashboard');
          await page.waitForFunction(shownAt, undefined, { timeout: 30_000 }).catch(async (error: Error) => {
            const text = (await page.locator('body').innerText()).slice(0, 500);
            throw new Error(`${error.message}\nat ${page.url()}: ${text}`);
          });
          const ms = (await page.evaluate(shownAt)) ?? NaN;
          const olts = await page
            .locator('[data-testid="dashboard-card-olt"] [data-testid="dashboard-card-value"]')
            .textContent();
          if (Number(olts) !== OLTS) throw new Error(`the dashboard shows ${olts} OLTs, not ${OLTS}`);
          times.push(ms);
          log(
            `run ${i + 1}: counts shown ${ms.toFixed(0)} ms after navigation (API calls: ${await page.evaluate(apiTimeline)})`,
          );
        } finally {
          await context.close();
        }
      }
      const sorted = [...times].sort((a, b) => a - b);
      log(`median ${sorted[sorted.length >> 1].toFixed(0)} ms`);
      return sorted[Math.ceil(sorted.length * 0.95) - 1];
    },
  },
];
