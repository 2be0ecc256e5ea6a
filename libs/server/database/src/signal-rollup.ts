import type { SqlRunner } from './olt-stats';

/**
 * Rolls up one hour of raw samples (min/avg/max per ONU) into `onu_signal_hourly`, then vacuums the
 * table. Re-runnable: it overwrites. The vacuum only visits the pages written since the last one (the
 * rest are marked all-visible), and keeps the whole table all-visible so that a chart's 90 days are read
 * from the covering index alone, however scattered one ONU's rows lie in the table. `hour` must be a
 * whole hour. Resolves with the number of ONUs rolled up.
 */
export async function rollUpSignalHour(db: SqlRunner, hour: Date): Promise<number> {
  const result = await db.query(
    `INSERT INTO onu_signal_hourly (onu_ref, hour, tenant_id, rx_min, rx_avg, rx_max, sample_count)
     SELECT onu_ref, $1::timestamptz, min(tenant_id::text)::uuid, min(rx_dbm), avg(rx_dbm), max(rx_dbm), count(*)
     FROM onu_signal_sample WHERE sampled_at >= $1 AND sampled_at < $1::timestamptz + interval '1 hour'
     GROUP BY onu_ref
     ON CONFLICT (onu_ref, hour) DO UPDATE SET rx_min = EXCLUDED.rx_min, rx_avg = EXCLUDED.rx_avg, rx_max = EXCLUDED.rx_max, sample_count = EXCLUDED.sample_count
     RETURNING 1`,
    [hour],
  );
  await vacuumSignalHourly(db);
  // A DataSource resolves with the rows, a pg client with a result holding them.
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows).length;
}

/** Marks the rollups written since the last vacuum all-visible (it cannot run inside a transaction). */
export async function vacuumSignalHourly(db: SqlRunner): Promise<void> {
  await db.query('VACUUM onu_signal_hourly');
}
