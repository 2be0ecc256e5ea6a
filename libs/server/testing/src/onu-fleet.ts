import type { Client } from 'pg';
import { refreshOltStats } from '@pondesk/server-database';

export interface OnuFleetSize {
  olts: number;
  onusPerOlt: number;
}

/**
 * A tenant's fleet written straight into Postgres in bulk, as the benchmarks and load tests need it:
 * `olts` OLTs (half GPON, half EPON, 16 PON ports each) with `onusPerOlt` ONUs each, one in eleven
 * offline (LOS, power-off or wire-down), rx spread over -8…-32 dBm, one PPPoE id per ONU
 * (`user<olt>_<n>@isp`), and each OLT's stored figures refreshed as a poll leaves them. Resolves with
 * the OLT ids as the insert returned them (`OLT-001` first).
 */
export async function seedOnuFleet(
  db: Pick<Client, 'query'>,
  tenantId: string,
  { olts: oltCount, onusPerOlt }: OnuFleetSize,
): Promise<string[]> {
  const olts: { id: string }[] = (
    await db.query(
      `INSERT INTO olt (tenant_id, code, name, host, brand, mode, snmp_community_enc, status, pon_port_count, onu_count)
       SELECT $1, 'OLT-' || lpad(i::text, 3, '0'), 'Bench OLT ' || i, '10.1.' || (i / 250) || '.' || (i % 250), 'vsol',
              CASE WHEN i % 2 = 0 THEN 'gpon' ELSE 'epon' END, 'v1.x.x.x', 'online', 16, ${Number(onusPerOlt)}
       FROM generate_series(1, ${Number(oltCount)}) i RETURNING id`,
      [tenantId],
    )
  ).rows;
  await db.query(
    `INSERT INTO onu (tenant_id, olt_id, pon_port, onu_id, if_name, mac, description, pppoe_ids, status, reason, rx_dbm, tx_dbm, distance_m, vendor, last_seen_at)
     SELECT $1, o.id, 1 + (n % 16), 1 + n / 16, 'EPON0/' || (1 + n % 16) || ':' || (1 + n / 16),
            lpad(to_hex(o.rn), 4, '0') || ':' || lpad(to_hex(n), 4, '0'), 'user' || o.rn || '_' || n || '@isp',
            ARRAY['user' || o.rn || '_' || n || '@isp'],
            CASE WHEN (o.rn + n) % 11 = 0 THEN 'offline' ELSE 'online' END,
            CASE WHEN (o.rn + n) % 11 = 0 THEN (ARRAY['los','power-off','wire-down'])[1 + n % 3] END,
            CASE WHEN (o.rn + n) % 11 = 0 THEN NULL ELSE -8 - ((o.rn * 7 + n * 13) % 240) / 10.0 END,
            2.1, 100 + (n * 37) % 9000, (ARRAY['HWTC','ZTEG','VSOL','BDCM'])[1 + n % 4], now()
     FROM (SELECT id, row_number() OVER () AS rn FROM olt WHERE tenant_id = $1) o, generate_series(0, ${Number(onusPerOlt) - 1}) n`,
    [tenantId],
  );
  // As polls leave them: each OLT's stored figures follow its ONUs.
  await refreshOltStats(
    { query: async (sql: string, params?: unknown[]) => (await db.query(sql, params)).rows },
    olts.map((o) => o.id),
  );
  return olts.map((o) => o.id);
}
