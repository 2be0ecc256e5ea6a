import { createSocket } from 'node:dgram';
import type { Page } from 'playwright-core';
import type { OnuDetail } from '@pondesk/contracts';
import { api } from './monitoring';

/** Page and API helpers for the device walk (OLT reachability, reboots, default ONU names). */

/** A UDP port on loopback that nothing listens on: an OLT that never answers. */
export async function closedUdpPort(): Promise<number> {
  const s = createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', r));
  const port = s.address().port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** The status chip of one OLT's row on /olt-list (`data-status` is online, offline or unknown). */
export const oltRowStatus = (page: Page, name: string) =>
  page.getByRole('row').filter({ hasText: name }).getByTestId('olt-status');

/** The stored ONU behind a PPPoE id (exactly one match expected). */
export async function onuByPppoe(pppoe: string, token: string): Promise<OnuDetail> {
  const { matches } = await api<{ matches: OnuDetail[] }>(`/pppoe/${encodeURIComponent(pppoe)}`, token);
  if (matches.length !== 1) throw new Error(`${pppoe}: ${matches.length} ONUs carry it`);
  return matches[0];
}

/** Polls `read` until `done` holds or `timeoutMs` passes; answers the last value read. */
export async function until<T>(
  read: () => Promise<T>,
  done: (v: T) => boolean,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
