import type { Locator, Page } from 'playwright-core';

/** Page helpers for the POP screens (Area List, Pop List, Pop Monitor, Pop Elc Down Log, Service List). */

/** Opens the Add New side panel of a list screen; `testId` is the panel's (`pop-form`, `source-form`). */
export async function openAddPanel(page: Page, testId: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add New' }).first().click();
  const panel = page.getByTestId(testId);
  await panel.waitFor();
  return panel;
}

/** Picks an option of a MUI select inside `scope` by the select's label. */
export async function choose(
  page: Page,
  scope: Locator,
  label: string,
  option: string | RegExp,
): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** Waits until a table's cells of one column read exactly `expected`, top to bottom. */
export async function columnIs(
  page: Page,
  rowTestId: string,
  column: string,
  expected: string[],
): Promise<void> {
  try {
    await page.waitForFunction(
      ({ row, col, want }) => {
        const cells = [...document.querySelectorAll(`[data-testid="${row}"] [data-column="${col}"]`)];
        return JSON.stringify(cells.map((c) => c.textContent?.trim())) === JSON.stringify(want);
      },
      { row: rowTestId, col: column, want: expected },
      { timeout: 15_000 },
    );
  } catch (error) {
    const shown = await columnTexts(page, rowTestId, column);
    throw new Error(
      `${rowTestId} ${column}: wanted ${JSON.stringify(expected)}, shown ${JSON.stringify(shown)}`,
      {
        cause: error,
      },
    );
  }
}

export const columnTexts = (page: Page, rowTestId: string, column: string): Promise<string[]> =>
  page
    .locator(`[data-testid="${rowTestId}"] [data-column="${column}"]`)
    .evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''));

/** The helper text under a field of a form, by the field's label. */
export async function fieldError(scope: Locator, label: string): Promise<string> {
  const input = scope.getByLabel(label, { exact: false }).first();
  const describedBy = await input.getAttribute('aria-describedby');
  if (!describedBy) return '';
  return (await scope.locator(`[id="${describedBy.split(' ')[0]}"]`).textContent())?.trim() ?? '';
}
