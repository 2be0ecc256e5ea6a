import { SnmpClient, octetsText, valueNumber, valueText, type SnmpValue } from '@pondesk/device-snmp';
import type { DeviceConnection } from './connection';

/** Walk named columns in one multi-column walk and join them by row index. */
export async function walkTable<K extends string>(
  client: SnmpClient,
  columns: Readonly<Record<K, string>>,
): Promise<Map<string, Partial<Record<K, SnmpValue>>>> {
  const names = Object.keys(columns) as K[];
  const roots = names.map((n) => columns[n]);
  const res = await client.walkColumns(roots);
  const rows = new Map<string, Partial<Record<K, SnmpValue>>>();
  names.forEach((name, i) => {
    const col = res.columns.get(roots[i]);
    if (!col) return;
    for (const [index, value] of col) {
      let row = rows.get(index);
      if (!row) {
        row = {};
        rows.set(index, row);
      }
      row[name] = value;
    }
  });
  return rows;
}

export function snmpClientFor(conn: DeviceConnection): SnmpClient {
  const s = conn.snmp ?? {};
  return new SnmpClient({
    host: conn.host,
    port: s.port,
    version: s.version ?? 'v2c',
    community: s.community ?? 'public',
    v3: s.v3,
    timeoutMs: s.timeoutMs,
    retries: s.retries,
    maxRepetitions: s.maxRepetitions,
  });
}

/** OCTET STRING as text (binary → null); numbers as their decimal text. */
export function str(v: SnmpValue | undefined): string | null {
  if (!v) return null;
  if (v.type === 'octets') return octetsText(v.value);
  return valueText(v);
}

export function num(v: SnmpValue | undefined): number | null {
  return valueNumber(v);
}

/** Raw value for codecs: numbers stay numbers, octets become text. */
export function raw(v: SnmpValue | undefined): number | string | null {
  if (!v) return null;
  if (v.type === 'octets') return octetsText(v.value);
  return valueNumber(v);
}

export function bytes(v: SnmpValue | undefined): Buffer | null {
  return v && v.type === 'octets' ? v.value : null;
}
