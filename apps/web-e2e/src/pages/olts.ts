import type { Page } from 'playwright-core';
import { expectToast, waitForPath } from './identity';

/** Page helpers for the OLT screens. */

/** A MUI select: open it by its label and pick the option. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Add Olt once the form lets it (after its port checks), then the success toast and the OLT list. */
export async function submitAddOlt(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.trim() === 'Add Olt');
    return b && !b.hasAttribute('disabled');
  });
  await page.getByRole('button', { name: 'Add Olt' }).click();
  await expectToast(page, 'success', 'Olt Created Successfully!');
  await waitForPath(page, '/olt-list');
}
