import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PING_RAW_HOURS, PING_ROLLUP_DAYS } from '@pondesk/contracts';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { affectedCount, returnedRows, rollUpSignalHour } from '@pondesk/server-database';
import { JobName, type HourlyRollupResult, type SamplePartitionsResult } from '@pondesk/server-queue';
import { OnJob } from '../jobs/on-job.decorator';

const monthStart = (d: Date, offset = 0) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));
const partitionName = (table: string, d: Date) =>
  `${table}_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
const dayStart = (d: Date, offset = 0) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + offset));
const dayPartitionName = (table: string, d: Date) =>
  `${partitionName(table, d)}d${String(d.getUTCDate()).padStart(2, '0')}`;

/** Device logs: a partition per day (UTC), this many days after today made ahead. */
export const DEVICE_LOG_DAYS_AHEAD = 2;
/** Ping results (one row per target per second): a partition per day (UTC), as many days ahead. */
export const PING_SAMPLE_DAYS_AHEAD = 2;

/**
 * A table partitioned by day (UTC) of `column`, with a default partition `<table>_default`: partitions
 * `<table>_yYYYYmMMdDD` are made `daysAhead` days ahead, and dropped once wholly older than `retentionMs`.
 */
interface DailyTable {
  table: string;
  column: string;
  daysAhead: number;
  retentionMs: number;
}

/** A table partitioned by month of `column`, with a default partition `<table>_default`. */
interface MonthlyTable {
  table: string;
  column: string;
  retentionDays: number;
}

/**
 * Monthly partitions (signal samples, session events) and daily ones (device logs, ping results) ahead of
 * time, retention by dropping whole months or days, hourly rollups, and the ping rollups' retention.
 */
@Injectable()
export class MaintenanceService {
  private readonly logger = new Logger(MaintenanceService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnJob(JobName.SamplePartitions)
  async samplePartitions(): Promise<SamplePartitionsResult> {
    const now = new Date();
    const out = await this.maintainPartitions(now);
    const ping = await this.maintainPingTables(now);
    const switches = await this.maintainSwitchSamples(now);
    return {
      created: [...out.created, ...ping.created, ...switches.created],
      dropped: [...out.dropped, ...ping.dropped, ...switches.dropped],
      deleted: out.deleted + ping.deleted + switches.deleted,
    };
  }

  /** Rolls up the hour that has just ended: ONU signal, then switch ports. */
  @OnJob(JobName.HourlyRollup)
  async hourlyRollup(): Promise<HourlyRollupResult> {
    const at = new Date(Date.now() - 3600_000);
    const onus = await this.rollup(at);
    const ports = await this.rollupSwitchPorts(at);
    return { rows: onus.rows + ports.rows };
  }

  async maintainPartitions(now: Date): Promise<SamplePartitionsResult> {
    const tables: MonthlyTable[] = [
      { table: 'onu_signal_sample', column: 'sampled_at', retentionDays: this.config.SAMPLE_RETENTION_DAYS },
      {
        table: 'session_event',
        column: 'received_at',
        retentionDays: this.config.SESSION_EVENT_RETENTION_DAYS,
      },
    ];
    const out: SamplePartitionsResult = { created: [], dropped: [], deleted: 0 };
    const add = (r: SamplePartitionsResult) => {
      out.created.push(...r.created);
      out.dropped.push(...r.dropped);
      out.deleted += r.deleted;
    };
    for (const t of tables) add(await this.maintainTable(t, now));
    add(await this.maintainDeviceLogPartitions(now));
    // The per-day drop counts outlive no event they count.
    await this.db.query(`DELETE FROM session_down_daily WHERE day < $1::date`, [
      new Date(now.getTime() - this.config.SESSION_EVENT_RETENTION_DAYS * 86400_000),
    ]);
    if (out.created.length || out.dropped.length)
      this.logger.log(
        `partitions: created ${out.created.join(', ') || 'none'}, dropped ${out.dropped.join(', ') || 'none'}`,
      );
    return out;
  }

  private async maintainTable(
    { table, column, retentionDays }: MonthlyTable,
    now: Date,
  ): Promise<SamplePartitionsResult> {
    const created: string[] = [];
    for (const offset of [0, 1, 2]) {
      const from = monthStart(now, offset);
      const name = partitionName(table, from);
      const exists = await this.db.query('SELECT 1 FROM pg_class WHERE relname = $1', [name]);
      if (exists.length) continue;
      const range = [from.toISOString(), monthStart(now, offset + 1).toISOString()];
      // Rows that landed in the default partition before this month's partition existed move with it.
      await this.db.transaction(async (tx) => {
        await tx.query(`CREATE TABLE "${name}" (LIKE ${table} INCLUDING DEFAULTS)`);
        await tx.query(
          `WITH moved AS (DELETE FROM ${table}_default WHERE ${column} >= $1 AND ${column} < $2 RETURNING *)
           INSERT INTO "${name}" OVERRIDING SYSTEM VALUE SELECT * FROM moved`,
          range,
        );
        await tx.query(
          `ALTER TABLE ${table} ATTACH PARTITION "${name}" FOR VALUES FROM ('${range[0]}') TO ('${range[1]}')`,
        );
      });
      created.push(name);
    }
    const cutoff = new Date(now.getTime() - retentionDays * 86400_000);
    const dropped: string[] = [];
    const parts: { name: string }[] = await this.db.query(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
       WHERE p.relname = $1 AND c.relname ~ ('^' || $1 || '_y[0-9]{4}m[0-9]{2}$')`,
      [table],
    );
    for (const { name } of parts) {
      const match = /y(\d{4})m(\d{2})$/.exec(name);
      if (!match) continue;
      const [, y, m] = match;
      const end = new Date(Date.UTC(Number(y), Number(m), 1));
      if (end <= cutoff) {
        await this.db.query(`DROP TABLE "${name}"`);
        dropped.push(name);
      }
    }
    // The oldest remaining month holds some rows past retention; partition pruning keeps this cheap.
    const deleted = affectedCount(await this.db.query(`DELETE FROM ${table} WHERE ${column} < $1`, [cutoff]));
    return { created, dropped, deleted };
  }

  /**
   * `switch_port_sample`: months ahead and retention like the ONU signal samples (SAMPLE_RETENTION_DAYS).
   * Kept apart from `maintainPartitions`, whose result lists the ONU and session tables' months.
   */
  async maintainSwitchSamples(now: Date): Promise<SamplePartitionsResult> {
    const out = await this.maintainTable(
      { table: 'switch_port_sample', column: 'sampled_at', retentionDays: this.config.SAMPLE_RETENTION_DAYS },
      now,
    );
    if (out.created.length || out.dropped.length)
      this.logger.log(
        `switch sample partitions: created ${out.created.join(', ') || 'none'}, dropped ${out.dropped.join(', ') || 'none'}`,
      );
    return out;
  }

  private deviceLogTable(): DailyTable {
    return {
      table: 'device_log',
      column: 'received_at',
      daysAhead: DEVICE_LOG_DAYS_AHEAD,
      retentionMs: this.config.LOG_RETENTION_DAYS * 86400_000,
    };
  }

  private pingSampleTable(): DailyTable {
    return {
      table: 'ping_sample',
      column: 'at',
      daysAhead: PING_SAMPLE_DAYS_AHEAD,
      retentionMs: PING_RAW_HOURS * 3600_000,
    };
  }

  /**
   * `device_log`: today's partition and DEVICE_LOG_DAYS_AHEAD more (worker start makes them too, so a
   * fresh installation does not wait for the job), days wholly older than LOG_RETENTION_DAYS dropped,
   * and rows of the default partition older than that deleted.
   */
  maintainDeviceLogPartitions(now: Date): Promise<SamplePartitionsResult> {
    return this.maintainDailyTable(this.deviceLogTable(), now);
  }

  /** The device-log partitions of today and the days ahead that are missing. */
  createDeviceLogPartitions(now: Date): Promise<string[]> {
    return this.createDailyPartitions(this.deviceLogTable(), now);
  }

  /**
   * The prober's tables: `ping_sample` by day like the device logs (its partitions made at prober start
   * too), days wholly older than PING_RAW_HOURS dropped with the default partition's older rows, and
   * per-minute rollups older than PING_ROLLUP_DAYS deleted. Kept apart from `maintainPartitions`, which
   * tests run with clocks far from now: this one is for the real clock (the job's).
   */
  async maintainPingTables(now: Date): Promise<SamplePartitionsResult> {
    const out = await this.maintainDailyTable(this.pingSampleTable(), now);
    out.deleted += affectedCount(
      await this.db.query(`DELETE FROM ping_minute WHERE minute < $1`, [
        new Date(now.getTime() - PING_ROLLUP_DAYS * 86400_000),
      ]),
    );
    if (out.created.length || out.dropped.length)
      this.logger.log(
        `ping partitions: created ${out.created.join(', ') || 'none'}, dropped ${out.dropped.join(', ') || 'none'}`,
      );
    return out;
  }

  /** The ping-result partitions of today and the days ahead that are missing. */
  createPingSamplePartitions(now: Date): Promise<string[]> {
    return this.createDailyPartitions(this.pingSampleTable(), now);
  }

  private async maintainDailyTable(t: DailyTable, now: Date): Promise<SamplePartitionsResult> {
    const created = await this.createDailyPartitions(t, now);
    const cutoff = new Date(now.getTime() - t.retentionMs);
    const dropped: string[] = [];
    const parts: { name: string }[] = await this.db.query(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
       WHERE p.relname = $1 AND c.relname ~ ('^' || $1 || '_y[0-9]{4}m[0-9]{2}d[0-9]{2}$') ORDER BY c.relname`,
      [t.table],
    );
    for (const { name } of parts) {
      const match = /y(\d{4})m(\d{2})d(\d{2})$/.exec(name);
      if (!match) continue;
      const end = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1));
      if (end <= cutoff) {
        await this.db.query(`DROP TABLE IF EXISTS "${name}"`);
        dropped.push(name);
      }
    }
    const deleted = affectedCount(
      await this.db.query(`DELETE FROM ${t.table}_default WHERE ${t.column} < $1`, [cutoff]),
    );
    return { created, dropped, deleted };
  }

  /**
   * The partitions of today and the days ahead that are missing. Safe to run from several workers at
   * once: each day is made under a lock and only when still missing.
   */
  private async createDailyPartitions(
    { table, column, daysAhead }: DailyTable,
    now: Date,
  ): Promise<string[]> {
    const created: string[] = [];
    for (let offset = 0; offset <= daysAhead; offset++) {
      const from = dayStart(now, offset);
      const name = dayPartitionName(table, from);
      if ((await this.db.query('SELECT 1 FROM pg_class WHERE relname = $1', [name])).length) continue;
      const range = [from.toISOString(), dayStart(now, offset + 1).toISOString()];
      const made = await this.db.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`${table} partitions`]);
        if ((await tx.query('SELECT 1 FROM pg_class WHERE relname = $1', [name])).length) return false;
        await tx.query(`CREATE TABLE "${name}" (LIKE ${table} INCLUDING DEFAULTS)`);
        // Rows that landed in the default partition before this day's partition existed move with them.
        await tx.query(
          `WITH moved AS (DELETE FROM ${table}_default WHERE ${column} >= $1 AND ${column} < $2 RETURNING *)
           INSERT INTO "${name}" OVERRIDING SYSTEM VALUE SELECT * FROM moved`,
          range,
        );
        await tx.query(
          `ALTER TABLE ${table} ATTACH PARTITION "${name}" FOR VALUES FROM ('${range[0]}') TO ('${range[1]}')`,
        );
        return true;
      });
      if (made) created.push(name);
    }
    return created;
  }

  /** min/avg/max per ONU for the hour containing `at` (re-runnable: it overwrites). */
  async rollup(at: Date): Promise<HourlyRollupResult> {
    const hour = new Date(Math.floor(at.getTime() / 3600_000) * 3600_000);
    return { rows: await rollUpSignalHour(this.db, hour) };
  }

  /**
   * Per switch port for the hour containing `at`: rx min/avg/max, tx average, how many polls and how many
   * of them found the link down. Re-runnable: it overwrites the hour.
   */
  async rollupSwitchPorts(at: Date): Promise<HourlyRollupResult> {
    const hour = new Date(Math.floor(at.getTime() / 3600_000) * 3600_000);
    const rows = await this.db.query(
      `INSERT INTO switch_port_hourly (port_id, hour, tenant_id, rx_min, rx_avg, rx_max, tx_avg, sample_count, down_count)
       SELECT port_id, $1::timestamptz, min(tenant_id::text)::uuid, min(rx_dbm), avg(rx_dbm), max(rx_dbm), avg(tx_dbm),
         count(*), count(*) FILTER (WHERE NOT link_up)
       FROM switch_port_sample WHERE sampled_at >= $1 AND sampled_at < $1::timestamptz + interval '1 hour'
       GROUP BY port_id
       ON CONFLICT (port_id, hour) DO UPDATE SET tenant_id = EXCLUDED.tenant_id, rx_min = EXCLUDED.rx_min,
         rx_avg = EXCLUDED.rx_avg, rx_max = EXCLUDED.rx_max, tx_avg = EXCLUDED.tx_avg,
         sample_count = EXCLUDED.sample_count, down_count = EXCLUDED.down_count
       RETURNING 1`,
      [hour],
    );
    return { rows: returnedRows(rows).length };
  }
}
