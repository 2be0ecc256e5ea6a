import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Device logs: syslog lines from the tenants' OLTs and their MikroTik routers. `device_log` is partitioned
 * by day of arrival (the worker creates days ahead and drops them past `LOG_RETENTION_DAYS`; a default
 * partition catches anything else); the trigram index on the message serves 'Search...' over millions of
 * lines. `olt.log_name` and `olt.mikrotik_log_name` are the short names the logs show for the OLT and its
 * router (its name, or 'MikroTik <OLT name>', when unset).
 */
export class DeviceLogs1795770000000 implements MigrationInterface {
  name = 'DeviceLogs1795770000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "olt" ADD "log_name" character varying(40)`);
    await queryRunner.query(`ALTER TABLE "olt" ADD "mikrotik_log_name" character varying(40)`);
    await queryRunner.query(
      `CREATE TABLE "device_log" ("id" bigint GENERATED ALWAYS AS IDENTITY, "tenant_id" uuid NOT NULL,
        "received_at" TIMESTAMP WITH TIME ZONE NOT NULL, "olt_id" uuid NOT NULL,
        "device_kind" character varying(6) NOT NULL, "source_ip" character varying(45) NOT NULL,
        "vendor" character varying(10), "severity" smallint, "kind" character varying(20) NOT NULL,
        "device_time" character varying(40), "message" text NOT NULL, "onu" character varying(40),
        "mac" character varying(17), "serial" character varying(32), "pppoe_user" character varying(64),
        "reason" character varying(128),
        CONSTRAINT "device_log_pkey" PRIMARY KEY ("tenant_id", "received_at", "id")) PARTITION BY RANGE ("received_at")`,
    );
    await queryRunner.query(`CREATE TABLE "device_log_default" PARTITION OF "device_log" DEFAULT`);
    await queryRunner.query(
      `CREATE INDEX "device_log_olt_idx" ON "device_log" ("tenant_id", "olt_id", "received_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "device_log_kind_idx" ON "device_log" ("tenant_id", "kind", "received_at" DESC)`,
    );
    // 'Critical and worse' over a week: rare lines, found without reading the week.
    await queryRunner.query(
      `CREATE INDEX "device_log_severity_idx" ON "device_log" ("tenant_id", "severity", "received_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "device_log_message_trgm_idx" ON "device_log" USING gin ("message" gin_trgm_ops)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "device_log"`);
    await queryRunner.query(`ALTER TABLE "olt" DROP COLUMN "mikrotik_log_name"`);
    await queryRunner.query(`ALTER TABLE "olt" DROP COLUMN "log_name"`);
  }
}
