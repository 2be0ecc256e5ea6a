import type { Browser, Page } from 'playwright-core';
import type { OnuList } from '@pondesk/contracts';
import { SimulatorProcess } from '@pondesk/server-testing';
import { baseUrl, launchBrowser } from './support';
import { newAccount, registerByApi, signedIn, sidebarItems, type Account } from './pages/identity';
import { addFleet, api, pick, staffWithCodes } from './pages/monitoring';

const OLT = 'avies-epon-audit';

/**
 * The Audit Log as an admin uses it: changes made through the console (a branch, a role and a staff
 * user, the staff user's own change) and a real reboot sent to a simulated ONU, then filtered by user,
 * by 'Device writes' and by action, with an entry's before and after opened in words.
 */
describe('Audit Log', () => {
  let browser: Browser;
  let sim: SimulatorProcess;
  let account: Account;
  let token: string;
  let staff: { username: string; password: string; id: string };
  let branchName: string;

  beforeAll(async () => {
    sim = await SimulatorProcess.start(
      [{ name: OLT, brand: 'avies', mode: 'epon', ponPorts: 1, onusPerPort: 4 }],
      { timeScale: 0 },
    );
    account = newAccount('audit');
    token = (await registerByApi(account)).accessToken;
    branchName = `Audit North ${Date.now().toString(36)}`;
    const branch = await api<{ id: string }>('/branches', token, {
      method: 'POST',
      body: { name: branchName },
    });
    await api(`/branches/${branch.id}`, token, { method: 'PATCH', body: { address: 'Mirpur 10' } });
    staff = await staffWithCodes(token, [2000]);
    const staffToken = (await signInByApi(staff)).accessToken;
    await api('/branches', staffToken, {
      method: 'POST',
      body: { name: `Audit South ${Date.now().toString(36)}` },
    });
    // A device write: the worker reboots an ONU of the simulated OLT.
    const olt = (await addFleet(sim, token)).get(OLT)!;
    const onus = await api<OnuList>(`/onus?oltId=${olt.id}&pageSize=100`, token);
    const onu = onus.items.find((o) => o.status === 'online')!;
    await api(`/onus/${onu.id}/reboot`, token, { method: 'POST' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sim?.stop();
  });

  const rows = (page: Page) => page.getByTestId('audit-row');

  /** Waits until every row on screen has one of these actions (the filtered page has arrived). */
  async function onlyActions(page: Page, actions: string[]): Promise<void> {
    await page.waitForFunction(
      (want) => {
        const shown = [...document.querySelectorAll('[data-testid="audit-row"]')].map((r) =>
          r.getAttribute('data-action'),
        );
        return shown.length > 0 && shown.every((a) => want.includes(a ?? ''));
      },
      actions,
      { timeout: 15_000 },
    );
  }

  it('lists the changes newest first with device writes standing out, and filters by user', async () => {
    const page = await signedIn(browser, account, '/audit-log');
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
    expect(await sidebarItems(page)).toEqual(expect.arrayContaining(['Users', 'Branch', 'Audit Log']));
    await rows(page).first().waitFor();
    // The reboot came last, so it is first, with its bolt chip and its outcome.
    const first = rows(page).first();
    expect(await first.getAttribute('data-action')).toBe('onu.reboot');
    expect(await first.getAttribute('data-device-write')).toBe('true');
    await first.getByTestId('audit-device-write').filter({ hasText: 'Reboot ONU' }).waitFor();
    expect(await first.getByTestId('audit-outcome').getAttribute('data-outcome')).toBe('ok');
    await page.getByText('Create branch').first().waitFor();

    await pick(page, 'User', staff.username);
    await onlyActions(page, ['branch.create']);
    expect(await rows(page).count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('user')).toBe(staff.id);
    expect(await rows(page).first().locator('[data-column="user"]').textContent()).toBe(staff.username);

    // The filter is in the address: a reload keeps it.
    await page.reload();
    await onlyActions(page, ['branch.create']);
    await page.context().close();
  });

  it("filters by 'Device writes' and opens a reboot's details by keyboard", async () => {
    const page = await signedIn(browser, account, '/audit-log');
    await rows(page).first().waitFor();
    await page.getByTestId('audit-quick-device-writes').click();
    await onlyActions(page, ['onu.reboot']);
    expect(new URL(page.url()).searchParams.get('kind')).toBe('device-write');

    await rows(page).first().focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog');
    await details.getByRole('heading', { name: 'Reboot ONU' }).waitFor();
    // What the reboot was sent to, and what came back.
    await details
      .getByTestId('audit-sent-to')
      .getByTestId('audit-field-row')
      .filter({ hasText: 'Port' })
      .waitFor();
    const result = details.getByTestId('audit-result').locator('[data-field="ok"]');
    expect(await result.textContent()).toBe('SucceededYes');
    // Words, never a JSON wall.
    expect(await details.textContent()).not.toContain('{"');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it("filters by action and shows an edit's before and after", async () => {
    const page = await signedIn(browser, account, '/audit-log');
    await rows(page).first().waitFor();
    await pick(page, 'Action', 'Edit branch');
    await onlyActions(page, ['branch.update']);
    await rows(page).first().click();
    const change = page.getByRole('dialog').locator('[data-testid="audit-diff-row"][data-field="address"]');
    await change.waitFor();
    expect(await change.getAttribute('data-change')).toBe('changed');
    expect(await change.textContent()).toContain('Mirpur 10');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.context().close();
  });

  it('says what to change when a filter matches nothing', async () => {
    const page = await signedIn(browser, account, `/audit-log?user=${staff.id}&kind=device-write`);
    const empty = page.getByTestId('audit-empty');
    await empty.waitFor({ timeout: 15_000 });
    expect(await empty.textContent()).toContain('device writes');
    expect(await empty.textContent()).toContain('clear the filters');
    await page.getByTestId('audit-clear-filters').click();
    await rows(page).first().waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.context().close();
  });
});

/** Signs the staff user in through the API, for a change of their own. */
async function signInByApi(user: { username: string; password: string }): Promise<{ accessToken: string }> {
  const res = await fetch(`${baseUrl()}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  if (!res.ok) throw new Error(`login ${user.username}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { accessToken: string };
}
