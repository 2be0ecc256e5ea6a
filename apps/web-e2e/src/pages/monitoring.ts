import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { isOltBrand, type AuthResponse, type OltDetail, type OltList } from '@pondesk/contracts';
import { SimulatorProcess, type SimOnuState } from '@pondesk/server-testing';
import { baseUrl } from '../support';
import { newAccount, registerByApi, type Account } from './identity';

/** API and page helpers for the monitoring screens' end-to-end tests. */

export async function api<T>(
  path: string,
  token: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const DEMO_FLEET = resolve(__dirname, '../../../../libs/device/simulator/fleets/default.json');

/** The demo fleet with simulated time frozen, a new ISP account that owns it, and each OLT's ONUs as simulated. */
export interface DemoFleet {
  sim: SimulatorProcess;
  account: Account;
  token: string;
  olts: Map<string, OltDetail>;
  onus: Map<string, SimOnuState[]>;
}

/** Starts the demo fleet and adds every OLT of it to a new account (`prefix` names the account). */
export async function startDemoFleet(prefix: string): Promise<DemoFleet> {
  const sim = await SimulatorProcess.start({ file: DEMO_FLEET }, { timeScale: 0 });
  const account = newAccount(prefix);
  const token = (await registerByApi(account)).accessToken;
  const olts = await addFleet(sim, token);
  const onus = new Map<string, SimOnuState[]>();
  for (const name of olts.keys()) onus.set(name, await sim.onus(name));
  return { sim, account, token, olts, onus };
}

/** Adds every simulated OLT to the account (as an operator would on /add-olt) and waits for each first poll. */
export async function addFleet(sim: SimulatorProcess, token: string): Promise<Map<string, OltDetail>> {
  const olts = new Map<string, OltDetail>();
  for (const d of (await sim.devices()).filter((x) => isOltBrand(x.brand))) {
    const olt = await api<OltDetail>('/olts', token, {
      method: 'POST',
      body: {
        name: d.name,
        host: d.host,
        brand: d.brand,
        mode: d.mode,
        snmpPort: d.snmpPort,
        snmpCommunity: d.community,
        telnetPort: d.telnetPort,
        httpPort: d.httpPort ?? undefined,
        username: d.username,
        password: d.password,
      },
    });
    olts.set(d.name, olt);
  }
  const until = Date.now() + 90_000;
  for (;;) {
    const list = await api<OltList>('/olts?pageSize=100', token);
    const polled = list.items.filter((o) => o.lastPolledAt && o.onuCount > 0).length;
    if (polled === olts.size) return olts;
    if (Date.now() > until) throw new Error(`only ${polled} of ${olts.size} OLTs were polled in 90 s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A staff user of the admin's ISP with a new role holding exactly `codes`. */
export async function staffWithCodes(
  adminToken: string,
  codes: number[],
): Promise<{ username: string; password: string; id: string }> {
  const role = await api<{ id: string }>('/roles', adminToken, {
    method: 'POST',
    body: { name: `role-${randomBytes(3).toString('hex')}`, menuCodes: codes },
  });
  const username = `staff_${randomBytes(4).toString('hex')}`;
  const password = `pass-${randomBytes(4).toString('hex')}`;
  await api('/users', adminToken, {
    method: 'POST',
    body: { username, email: `${username}@example.com`, password, roleId: role.id },
  });
  const login = await fetch(`${baseUrl()}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const auth = (await login.json()) as AuthResponse;
  return { username, password, id: auth.user.id };
}

/** The number a dashboard stat card shows. */
export async function cardValue(page: Page, card: string): Promise<number> {
  const value = page.getByTestId(`dashboard-card-${card}`).getByTestId('dashboard-card-value');
  await value.waitFor({ timeout: 15000 });
  await page.waitForFunction(
    (el) => /^\d+$/.test(el?.textContent?.trim() ?? ''),
    await value.elementHandle(),
    { timeout: 15000 },
  );
  return Number((await value.textContent())?.trim());
}

/** Opens a MUI select by its label and picks the option whose name matches. */
export async function pick(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** The rx values of the rows on screen, in order (`null` where there is no reading). */
export async function rowRx(page: Page): Promise<(number | null)[]> {
  return page
    .locator('[data-testid="onu-row"] [data-rx]')
    .evaluateAll((els) =>
      els.map((e) => (e.getAttribute('data-rx') ? Number(e.getAttribute('data-rx')) : null)),
    );
}

/** Waits until the first row shows this rx (to 0.01 dB): the list has re-sorted on the server. */
export async function firstRx(page: Page, rxDbm: number): Promise<void> {
  await page.waitForFunction(
    (want) => {
      const v = document.querySelector('[data-testid="onu-row"] [data-rx]')?.getAttribute('data-rx');
      return !!v && Math.abs(Number(v) - want) < 0.006;
    },
    rxDbm,
    { timeout: 15000 },
  );
}

/** Opens the search popup with `/` and switches it to PPPOE mode (Mac Find is the default). */
export async function openPppoeSearch(page: Page): Promise<void> {
  await page.keyboard.press('/');
  await page.getByTestId('search-mode').click();
  await page.getByTestId('search-mode-pppoe').click();
  await page.getByTestId('search-pppoe-input').waitFor();
}
