/** What `npm run sim` prints of the simulated MikroTiks: where each RouterOS API listens and its login. */
import type { ConcentratorView, RouterApiListing } from './router-apis';

export function formatRouterTable(
  routers: readonly RouterApiListing[],
  concentrator: ConcentratorView | null,
): string {
  const head = ['OLT', 'ROUTER', 'API', 'USER', 'PASSWORD'];
  const body = routers.map((r) => [r.olt, r.identity, `${r.host}:${r.port}`, r.username, r.password]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const table = routers.length
    ? [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n')
    : '(no OLTs, no routers)';
  const vpn = concentrator
    ? `VPN concentrator (RouterOS API): ${concentrator.host}:${concentrator.port}, user ${concentrator.username}, ` +
      `password ${concentrator.password}, profile ${concentrator.profile}, ` +
      `auto-dial ${concentrator.autoDial ? `on (${concentrator.autoDialDelayMs} ms after a secret is added)` : 'off'}`
    : 'VPN concentrator: off';
  return `MikroTik routers (RouterOS API, one BRAS per OLT):\n${table}\n${vpn}`;
}
