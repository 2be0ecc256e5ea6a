import type { Browser, Page } from 'playwright-core';
import { signedIn } from './identity';

/** Helpers for the list screens' walk-through (sorting, drill-downs, empty states, OLT status). */

/** Signs in on a fresh page, opens `path`, and puts aside the profile-completion popup if it shows. */
export async function signedInPage(
  browser: Browser,
  account: { username: string; password: string },
  path: string,
): Promise<Page> {
  const page = await signedIn(browser, account, path);
  await dismissProfilePopup(page);
  return page;
}

/** The dashboard's "Complete your profile" popup holds the page for new accounts; "Later" closes it. */
export async function dismissProfilePopup(page: Page): Promise<void> {
  if (new URL(page.url()).pathname !== '/dashboard') return;
  const dialog = page.getByRole('dialog', { name: 'Complete your profile' });
  try {
    await dialog.waitFor({ timeout: 3000 });
  } catch {
    return;
  }
  await dialog.getByRole('button', { name: 'Later' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The ONU list's table once its answer is in (not loading, not refreshing). */
export async function onuListSettled(page: Page): Promise<void> {
  await page
    .locator('[aria-busy="false"]')
    .filter({ has: page.getByTestId('onu-page') })
    .waitFor({ timeout: 30000 });
}

/** The "N ONUs" total under the ONU table. */
export async function onuListTotal(page: Page): Promise<number> {
  await onuListSettled(page);
  const text = await page
    .getByText(/^\d+ ONUs?$/)
    .first()
    .textContent();
  return Number(text?.match(/^\d+/)?.[0]);
}

/** The ONU list's sort and order as the address bar holds them (defaults: OLT, ascending). */
export function sortOf(page: Page): { sort: string; order: string } {
  const qs = new URL(page.url()).searchParams;
  return { sort: qs.get('sort') ?? 'olt', order: qs.get('order') ?? 'asc' };
}

/** A summary card's number on the OLT list. */
export async function oltCount(
  page: Page,
  which: 'total' | 'online' | 'offline' | 'unknown',
): Promise<number> {
  const card = page.getByTestId(`olt-count-${which}`);
  await card.waitFor({ timeout: 15000 });
  await page.waitForFunction((el) => /\d+$/.test(el?.textContent?.trim() ?? ''), await card.elementHandle(), {
    timeout: 15000,
  });
  return Number((await card.textContent())?.match(/(\d+)$/)?.[1]);
}

/** The OLT list's grid row of one OLT, by name. */
export const oltRow = (page: Page, name: string) =>
  page.locator('.MuiDataGrid-row').filter({ has: page.getByRole('gridcell', { name, exact: true }) });
