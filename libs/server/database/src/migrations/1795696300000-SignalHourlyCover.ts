import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rollups are written an hour at a time for every ONU, so one ONU's 2,160 hours lie on 2,160 pages of
 * the table. This index holds the chart's columns in (onu, hour) order: 90 days are a few dozen index
 * pages, read without the table while the hourly job keeps it vacuumed (rollUpSignalHour).
 */
export class SignalHourlyCover1795696300000 implements MigrationInterface {
  name = 'SignalHourlyCover1795696300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "onu_signal_hourly_cover_idx" ON "onu_signal_hourly" ("onu_ref", "hour") INCLUDE ("rx_min", "rx_avg", "rx_max")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "onu_signal_hourly_cover_idx"`);
  }
}
