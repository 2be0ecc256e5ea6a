import { randomUUID } from 'node:crypto';
import { signalBand, type OnuDownReasonCode } from '@pondesk/contracts';
import { createDataSource } from './data-source';
import { countOltStats, refreshOltStats, storedOltStats } from './olt-stats';

describe("an OLT's stored ONU figures", () => {
  const ds = createDataSource(process.env.DATABASE_URL!);
  const tenant = randomUUID();
  const olt = randomUUID();
  // Readings on and around every band bound, offline ONUs with and without a reason, two ports.
  const onus: {
    port: number;
    status: 'online' | 'offline';
    reason?: OnuDownReasonCode | null;
    rx: number | null;
  }[] = [
    ...[-8, -19.99, -20, -20.01, -23.99, -24, -24.01, -26.99, -27, -27.01, -28, -29.99, -30, -30.01, -35].map(
      (rx) => ({ port: 1, status: 'online' as const, rx }),
    ),
    { port: 1, status: 'online', rx: null },
    { port: 2, status: 'offline', reason: 'los', rx: null },
    { port: 2, status: 'offline', reason: 'power-off', rx: null },
    { port: 2, status: 'offline', reason: null, rx: null },
    { port: 2, status: 'online', rx: -21.5 },
  ];

  beforeAll(async () => {
    await ds.initialize();
    await ds.query("INSERT INTO tenant (id, ingest_secret_enc) VALUES ($1, 'x')", [tenant]);
    await ds.query(
      `INSERT INTO olt (id, tenant_id, code, name, host, brand, mode, snmp_community_enc) VALUES ($1, $2, 'OLT-1', 'Stats', '10.0.0.1', 'bdcom', 'gpon', 'x')`,
      [olt, tenant],
    );
    for (const [i, o] of onus.entries())
      await ds.query(
        `INSERT INTO onu (tenant_id, olt_id, pon_port, onu_id, if_name, status, reason, rx_dbm) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [tenant, olt, o.port, i + 1, `GPON0/${o.port}:${i + 1}`, o.status, o.reason ?? null, o.rx],
      );
  });

  afterAll(async () => {
    await ds.query('DELETE FROM tenant WHERE id = $1', [tenant]);
    await ds.query('DELETE FROM onu WHERE olt_id = $1', [olt]);
    await ds.query('DELETE FROM olt WHERE id = $1', [olt]);
    await ds.destroy();
  });

  it('puts every reading in the band signalBand() names, on the bounds too', async () => {
    const stats = (await countOltStats(ds, [olt])).get(olt)!;
    const want: Record<string, number> = {};
    for (const o of onus) {
      const band = signalBand(o.rx);
      if (band) want[band] = (want[band] ?? 0) + 1;
    }
    expect(Object.fromEntries(Object.entries(stats.bands).filter(([, n]) => n > 0))).toEqual(want);
    const rx = onus.map((o) => o.rx).filter((v): v is number => v !== null);
    expect(stats.weak24).toBe(rx.filter((v) => v <= -24).length);
    expect(stats.below28).toBe(rx.filter((v) => v <= -28).length);
    expect(stats.below30).toBe(rx.filter((v) => v <= -30).length);
  });

  it('counts status and reasons per OLT and per port, and stores them on the OLT row', async () => {
    await refreshOltStats(ds, [olt]);
    const [row] = await ds.query('SELECT onu_count, online_onu_count, onu_stats FROM olt WHERE id = $1', [
      olt,
    ]);
    const stats = storedOltStats(row.onu_stats)!;
    expect(row).toMatchObject({ onu_count: onus.length, online_onu_count: onus.length - 3 });
    expect(stats).toMatchObject({
      total: onus.length,
      online: onus.length - 3,
      reasons: { los: 1, 'power-off': 1, 'wire-down': 0, admin: 0, unknown: 1 },
    });
    expect(stats.ports['1']).toMatchObject({ total: 16, online: 16 });
    expect(stats.ports['2']).toMatchObject({
      total: 4,
      online: 1,
      reasons: { los: 1, 'power-off': 1, unknown: 1 },
    });
    expect(storedOltStats({})).toBeNull();
  });
});
