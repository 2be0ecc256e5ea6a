/** The device table `npm run sim` prints. */
import type { SimDeviceInfo } from './sim-device';

/**
 * One row per device. A ROUTER column (the address of the simulated MikroTik router in front of each OLT)
 * is added when the routers have addresses of their own (per-device addresses).
 */
export function formatDeviceTable(rows: readonly SimDeviceInfo[]): string {
  const routers = rows.some((r) => r.routerHost != null && r.routerHost !== r.host);
  const head = [
    'NAME',
    'BRAND',
    'MODE',
    'HOST',
    'SNMP',
    'COMMUNITY',
    'TELNET',
    'HTTP',
    'USER',
    'PASSWORD',
    'ONUS',
    ...(routers ? ['ROUTER'] : []),
  ];
  const body = rows.map((r) => [
    r.name,
    r.brand,
    r.mode ?? '-',
    r.host,
    String(r.snmpPort),
    r.community,
    r.telnetPort === null ? '-' : String(r.telnetPort),
    r.httpPort === null ? '-' : String(r.httpPort),
    r.username,
    r.password,
    String(r.onus),
    ...(routers ? [r.routerHost ?? '-'] : []),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
