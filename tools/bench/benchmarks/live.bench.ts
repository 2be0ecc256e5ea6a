import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { MIN_POLL_INTERVAL_SECONDS, type OltDetail, type OltList, type OnuDetail } from '@pondesk/contracts';
import {
  ApiClient,
  registerAccount,
  startTestStack,
  waitFor,
  type FleetDevice,
} from '@pondesk/server-testing';
import type { Benchmark } from '../bench-types';
import { buildWebApp, launchChromium, signedInContext } from '../browser-session';

/** Three OLTs of different brands, polled at the shortest interval an operator may set. */
const FLEET: FleetDevice[] = [
  { name: 'live-vsol-epon', brand: 'vsol', mode: 'epon', ponPorts: 2, onusPerPort: 16 },
  { name: 'live-bdcom-gpon', brand: 'bdcom', mode: 'gpon', ponPorts: 2, onusPerPort: 16 },
  { name: 'live-cdata-epon', brand: 'cdata', mode: 'epon', ponPorts: 2, onusPerPort: 16 },
];
/**
 * Each round turns one ONU of every OLT offline. The trials' moments spread evenly over the poll cycle
 * (0, 1/6, … 5/6 of it after a poll), the first just after a poll has read the ONU: the worst case.
 */
const ROUNDS = 2;
const TRIALS = ROUNDS * FLEET.length;

interface Watched {
  olt: OltDetail;
  page: Page;
}

/** An online ONU on the page's first rows: its id, and where it sits on the OLT. */
async function onlineRow(page: Page, token: string, api: ApiClient, skip: number): Promise<OnuDetail> {
  const rows = page.locator('[data-testid="onu-row"]:has([data-testid="onu-status"][data-status="online"])');
  const id = await rows.nth(skip).getAttribute('data-onu-id');
  if (!id) throw new Error('no online ONU on the page');
  const res = await api.get<OnuDetail>(`/onus/${id}`, token);
  if (res.status !== 200) throw new Error(`GET /onus/${id} → ${res.status}`);
  return res.body;
}

/** Resolves (Date.now()) once the OLT's next poll has been stored. */
async function nextPoll(api: ApiClient, token: string, oltId: string, cycleMs: number): Promise<number> {
  const polledAt = async () => (await api.get<OltDetail>(`/olts/${oltId}`, token)).body.lastPolledAt;
  const before = await polledAt();
  return waitFor(async () => (await polledAt()) !== before && Date.now(), {
    timeoutMs: 2 * cycleMs,
    intervalMs: 200,
    what: `the next poll of OLT ${oltId}`,
  });
}

export const benchmarks: Benchmark[] = [
  {
    name: 'live.status_change_to_browser_s',
    unit: 's',
    budget: MIN_POLL_INTERVAL_SECONDS + 2,
    better: 'lower',
    description: `worst of ${TRIALS} trials: an ONU goes offline on the simulator (which sends no syslog, so a poll must find it) at moments spread over its OLT's ${MIN_POLL_INTERVAL_SECONDS} s poll cycle, the first just after a poll; seconds until a signed-in browser on /olt-ports for that OLT shows it offline (simulator, worker, API serving the built app, Chromium)`,
    async run(log) {
      const dist = mkdtempSync(join(tmpdir(), 'pondesk-bench-live-'));
      const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dist, { recursive: true, force: true })];
      try {
        log('building the web app');
        await buildWebApp(dist);
        const stack = await startTestStack({
          fleet: FLEET,
          databasePrefix: 'pondesk_bench_live',
          env: { WEB_DIST_DIR: dist, NODE_ENV: 'production', LOG_LEVEL: 'info' },
        });
        cleanups.push(() => stack.stop());
        const sim = stack.simulator;
        if (!sim) throw new Error('the stack started without its simulator');
        const api = new ApiClient(stack.url);
        const account = await registerAccount(api, 'live');
        const olts: OltDetail[] = [];
        for (const d of FLEET) {
          const device = await sim.device(d.name);
          const res = await api.post<OltDetail>(
            '/olts',
            {
              name: d.name,
              host: device.host,
              brand: d.brand,
              mode: d.mode,
              snmpPort: device.snmpPort,
              snmpCommunity: device.community,
              telnetPort: device.telnetPort,
              username: device.username,
              password: device.password,
              pollIntervalSeconds: MIN_POLL_INTERVAL_SECONDS,
            },
            account.token,
          );
          if (res.status !== 201)
            throw new Error(`adding ${d.name}: ${res.status} ${JSON.stringify(res.body)}`);
          olts.push(res.body);
        }
        await waitFor(
          async () =>
            (await api.get<OltList>('/olts?pageSize=100', account.token)).body.items.filter(
              (o) => o.lastPolledAt && o.onuCount > 0,
            ).length === olts.length,
          { timeoutMs: 90_000, intervalMs: 500, what: 'the first poll of every OLT' },
        );

        const browser = await launchChromium();
        cleanups.push(() => browser.close());
        const context = await signedInContext(browser, stack.url, account);
        const watched: Watched[] = [];
        for (const olt of olts) {
          const page = await context.newPage();
          await page.goto(`/olt-ports?olt=${olt.id}`);
          await page.locator('[data-testid="onu-row"]').first().waitFor({ timeout: 30_000 });
          watched.push({ olt, page });
        }

        const cycleMs = MIN_POLL_INTERVAL_SECONDS * 1000;
        const trials: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const results = await Promise.all(
            watched.map(async ({ olt, page }, i) => {
              const onu = await onlineRow(page, account.token, api, round);
              const phase = (round * watched.length + i) / TRIALS;
              const polled = await nextPoll(api, account.token, olt.id, cycleMs);
              await new Promise((r) => setTimeout(r, polled + phase * cycleMs - Date.now()));
              const t0 = Date.now();
              await sim.send('POST', '/onu-changes', {
                changes: [{ device: olt.name, ponPort: onu.ponPort, onuId: onu.onuId, down: 'los' }],
              });
              await page
                .locator(
                  `[data-testid="onu-row"][data-onu-id="${onu.id}"] [data-testid="onu-status"][data-status="offline"]`,
                )
                .waitFor({ timeout: 3 * cycleMs });
              const seconds = (Date.now() - t0) / 1000;
              log(
                `${olt.name} ONU ${onu.ponPort}/${onu.onuId}, down ${((t0 - polled) / 1000).toFixed(1)} s after a poll: offline on screen after ${seconds.toFixed(1)} s`,
              );
              return seconds;
            }),
          );
          trials.push(...results);
        }
        const sorted = [...trials].sort((a, b) => a - b);
        log(`${trials.length} trials, median ${sorted[sorted.length >> 1].toFixed(1)} s`);
        return sorted[sorted.length - 1];
      } finally {
        for (const c of cleanups.reverse()) await c();
      }
    },
  },
];
