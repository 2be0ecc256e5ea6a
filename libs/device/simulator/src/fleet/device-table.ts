/** The device table `npm run sim` prints. */
import type { SimDeviceInfo } from './sim-device';

export function formatDeviceTable(rows: readonly SimDeviceInfo[]): string {
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
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
