import { inflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import type { AuthResponse, BillingPackage, BillingPackageInput } from '@pondesk/contracts';
import { baseUrl } from '../support';
import { api } from './monitoring';

/** API and page helpers for the billing screens (packages, invoices, bKash) and Add OLT's billing. */

/** The platform administrator every test stack has (`testEnv`). */
export const PLATFORM_ADMIN = { username: 'platform', password: 'platform-pass-123' } as const;

export async function platformToken(): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(PLATFORM_ADMIN),
  });
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`platform sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as AuthResponse).accessToken;
}

/** Adds a package to the catalogue as the platform administrator. */
export function addPackage(token: string, input: BillingPackageInput): Promise<BillingPackage> {
  return api<BillingPackage>('/platform/billing/packages', token, { method: 'POST', body: input });
}

/**
 * An active OLT package of this name in the catalogue, added when there is none. Files sharing the global
 * stack each call it: a second copy added by a race is harmless (`chooseOltBilling` takes the first).
 */
export async function ensureOltPackage(
  name: string,
  details: Partial<BillingPackageInput> = {},
): Promise<BillingPackage> {
  const token = await platformToken();
  const all = await api<BillingPackage[]>('/platform/billing/packages', token);
  const found = all.find((p) => p.kind === 'olt' && p.active && p.name === name);
  if (found) return found;
  return addPackage(token, {
    kind: 'olt',
    name,
    portCount: 4,
    oltModes: 'EPON',
    description: '',
    monthlyPricePoisha: 100000,
    active: true,
    sortOrder: 0,
    ...details,
  });
}

/** A MUI select found by the test id on its display element: opens it and picks the option. */
export async function selectByTestId(page: Page, testId: string, option: string | RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  const choice =
    typeof option === 'string'
      ? listbox.getByRole('option', { name: option, exact: true })
      : listbox.getByRole('option', { name: option });
  await choice.first().click();
  await listbox.waitFor({ state: 'detached' });
}

/** Add OLT's billing: the package whose option starts with `packageName`, and a cycle by its label. */
export async function chooseOltBilling(page: Page, packageName: string, monthsLabel: string): Promise<void> {
  const escaped = packageName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await selectByTestId(page, 'olt-billing-package', new RegExp(`^${escaped}\\b`));
  await selectByTestId(page, 'olt-billing-months', monthsLabel);
}

/** One row of an invoice card, by its invoice number. */
export const invoiceRow = (card: Locator, invoiceNo: string): Locator =>
  card.locator(`[data-testid="invoice-row"][data-invoice-no="${invoiceNo}"]`);

/** The trimmed text of an element. */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}

/**
 * The text a PDF shows, as the strings of its text operators (`(…) Tj` and `[…] TJ`), one per entry. Content
 * streams written with FlateDecode are inflated first, so this reads compressed and plain files alike.
 */
export function pdfStrings(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const contents: string[] = [];
  const stream = /<<(.*?)>>\s*stream\r?\n/gs;
  for (let m = stream.exec(raw); m; m = stream.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const body = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(m[1])) {
      try {
        contents.push(inflateSync(body).toString('latin1'));
      } catch {
        // Not a content stream this reader needs (or trailing bytes): skipped.
      }
    } else contents.push(body.toString('latin1'));
    stream.lastIndex = end;
  }
  const strings: string[] = [];
  const literal = /\((?:\\.|[^\\)])*\)/g;
  for (const content of contents) {
    const operators = /(\((?:\\.|[^\\)])*\))\s*Tj|\[((?:\\.|[^\]])*)\]\s*TJ/gs;
    for (let m = operators.exec(content); m; m = operators.exec(content)) {
      const parts = m[1] ? [m[1]] : (m[2].match(literal) ?? []);
      strings.push(parts.map(unescapePdf).join(''));
    }
  }
  return strings;
}

/** A PDF string literal `(…)` as text. */
function unescapePdf(literal: string): string {
  return literal.slice(1, -1).replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, c: string) => {
    const named: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
    if (/^[0-7]+$/.test(c)) return String.fromCharCode(parseInt(c, 8));
    return named[c] ?? c;
  });
}
