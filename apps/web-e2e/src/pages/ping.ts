import type { Locator, Page } from 'playwright-core';

/** Page helpers for the IP monitor (/ping). */

/** A 1×1 PNG: a logo the server takes (it checks the content, not the name). */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A server's card, by its name. */
export const serverCard = (page: Page, name: string): Locator =>
  page.locator(`[data-testid="server-card"][data-name="${name}"]`);

/** How many points the card's chart draws, and the newest point's time. */
export async function chartState(card: Locator): Promise<{ points: number; lastAt: string }> {
  const chart = card.getByTestId('server-chart');
  return {
    points: Number(await chart.getAttribute('data-points')),
    lastAt: (await chart.getAttribute('data-last-at')) ?? '',
  };
}

/** Waits until the card's chart draws at least `points` points, its newest after `after` (an ISO time). */
export async function waitForPoints(
  page: Page,
  name: string,
  points: number,
  after = '',
  timeoutMs = 20_000,
): Promise<{ points: number; lastAt: string }> {
  await page.waitForFunction(
    ({ name, points, after }) => {
      const chart = document.querySelector(
        `[data-testid="server-card"][data-name="${name}"] [data-testid="server-chart"]`,
      );
      const n = Number(chart?.getAttribute('data-points') ?? 0);
      const last = chart?.getAttribute('data-last-at') ?? '';
      return n >= points && !!last && (!after || Date.parse(last) > Date.parse(after));
    },
    { name, points, after },
    { timeout: timeoutMs },
  );
  return chartState(serverCard(page, name));
}

/** Waits until the card is in `state` ('ok', 'alert', 'unknown'); answers how long that took. */
export async function waitForState(
  page: Page,
  name: string,
  state: string,
  timeoutMs = 20_000,
): Promise<number> {
  const t0 = Date.now();
  await page
    .locator(`[data-testid="server-card"][data-name="${name}"][data-state="${state}"]`)
    .waitFor({ timeout: timeoutMs });
  return Date.now() - t0;
}
