import type { Browser, Page } from 'playwright-core';
import type { OltDetail, OnuList } from '@pondesk/contracts';
import type { SimOnuState, SimulatorProcess } from '@pondesk/server-testing';
import { launchBrowser, openPage } from './support';
import { signedIn, toast, type Account } from './pages/identity';
import { api, startDemoFleet } from './pages/monitoring';

/**
 * Share links end to end: an operator makes a link for one OLT on /share-olt, a visitor with no session
 * opens it and sees the Dashboard List and the read-only OLT Port List, live; revoking the link ends the
 * open view and any reload. Checked against the simulated fleet.
 */
describe('share links', () => {
  let browser: Browser;
  let sim: SimulatorProcess;
  let token: string;
  let account: Account;
  let olts: Map<string, OltDetail>;
  let onus: Map<string, SimOnuState[]>;
  const name = 'bdcom-epon-1';

  beforeAll(async () => {
    ({ sim, account, token, olts, onus } = await startDemoFleet('share'));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sim?.stop();
  });

  /** Makes a link for the one OLT on /share-olt and returns the token the dialog shows once. */
  async function createLink(page: Page): Promise<string> {
    await page.getByRole('heading', { name: 'Share OLT' }).waitFor();
    await page.getByRole('button', { name: 'Create New Token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Token' });
    await dialog.getByLabel('Chosen OLTs').check();
    await dialog.getByRole('combobox', { name: 'OLTs' }).click();
    await page.getByRole('option', { name: new RegExp(`^${name} `) }).click();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'success').filter({ hasText: 'Created Successfully' }).waitFor();
    const shown = page.getByTestId('share-token-value').locator('input');
    await shown.waitFor();
    const value = await shown.inputValue();
    expect(value.length).toBeGreaterThanOrEqual(32);
    await page.getByRole('button', { name: 'Done' }).click();
    return value;
  }

  it('shows one OLT read-only and live to a visitor without a session, until the link is revoked', async () => {
    const olt = olts.get(name)!;
    const operator = await signedIn(browser, account, '/share-olt');
    await operator.getByText('No share link yet').waitFor();
    const shareToken = await createLink(operator);
    const row = operator.getByRole('row').filter({ hasText: name });
    await row.getByTestId('share-token-state').filter({ hasText: 'Active' }).waitFor();
    // Listed masked: the whole token is never shown again.
    expect(await row.getByTestId('share-token-masked').textContent()).not.toContain(shareToken.slice(0, 20));

    // The same scope again: 'Already Created', with the choice of a second link.
    await operator.getByRole('button', { name: 'Create New Token' }).click();
    const again = operator.getByRole('dialog', { name: 'Create New Token' });
    await again.getByLabel('Chosen OLTs').check();
    await again.getByRole('combobox', { name: 'OLTs' }).click();
    await operator.getByRole('option', { name: new RegExp(`^${name} `) }).click();
    await again.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(operator, 'error').filter({ hasText: 'Already Created' }).waitFor();
    await again.getByRole('button', { name: 'Create another' }).waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();

    // A visitor: a fresh browser context, no session.
    const { page: visitor, consoleErrors } = await openPage(browser, `/share/${shareToken}`);
    await visitor.getByRole('heading', { name: /Shared OLT view/ }).waitFor();
    const oltRows = visitor.getByTestId('shared-olt-row');
    await oltRows.first().waitFor();
    expect(await oltRows.count()).toBe(1);
    expect(await oltRows.first().getAttribute('data-olt-id')).toBe(olt.id);
    const simOnus = onus.get(name)!;
    await oltRows
      .first()
      .locator('[data-column="onuCount"]')
      .filter({ hasText: new RegExp(`^${simOnus.length}$`) })
      .waitFor();
    await visitor.getByTestId('share-live').filter({ hasText: 'Live' }).waitFor();

    // The OLT Port List of that OLT: read-only (no actions), live.
    const stored = await api<OnuList>(`/onus?oltId=${olt.id}&status=online&pageSize=100`, token);
    const target = stored.items.find((o) => o.pppoeIds.length === 1)!;
    await visitor.getByRole('tab', { name: 'OLT Port List' }).click();
    await visitor.goto(`/share/${shareToken}/ports?search=${encodeURIComponent(target.pppoeIds[0])}`);
    const onuRow = visitor.locator(`[data-testid="onu-row"][data-onu-id="${target.id}"]`);
    await onuRow.waitFor();
    expect(await visitor.locator('[data-column="actions"]').count()).toBe(0);
    expect(await onuRow.getByRole('link').count()).toBe(0);
    await onuRow.locator('[data-testid="onu-status"][data-status="online"]').waitFor();
    await sim.send('POST', '/onu-changes', {
      changes: [{ device: name, ponPort: target.ponPort, onuId: target.onuId, down: 'power-off' }],
    });
    await api(`/olts/${olt.id}/poll`, token, { method: 'POST', body: {} });
    await onuRow.locator('[data-testid="onu-status"][data-status="offline"]').waitFor({ timeout: 30_000 });

    // Revoked: the open view ends at once, and a reload says the same.
    await operator.reload();
    await row.getByRole('button', { name: 'Revoke' }).click();
    await operator.getByRole('button', { name: 'Yes, revoke it' }).click();
    await toast(operator, 'success').filter({ hasText: 'Link revoked' }).waitFor();
    await row.getByTestId('share-token-state').filter({ hasText: 'Revoked' }).waitFor();
    await visitor.getByTestId('share-invalid').waitFor({ timeout: 10_000 });
    await visitor.reload();
    await visitor.getByRole('heading', { name: 'This link is no longer valid' }).waitFor();
    // The invalid link is an answer, not a crash.
    expect(consoleErrors.filter((e) => !/401|Failed to load resource/.test(e))).toEqual([]);
    await visitor.context().close();
  });
});
