import type { MigrationInterface, QueryRunner } from 'typeorm';

export class FleetSchema1795417720993 implements MigrationInterface {
  name = 'FleetSchema1795417720993';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "olt" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "tenant_id" uuid NOT NULL, "code" character varying(40) NOT NULL, "name" character varying(120) NOT NULL, "host" character varying(255) NOT NULL, "brand" character varying(10) NOT NULL, "mode" character varying(10) NOT NULL, "model" character varying(80), "snmp_port" integer NOT NULL DEFAULT '161', "telnet_port" integer NOT NULL DEFAULT '23', "http_port" integer, "username" character varying(80), "password_enc" text, "enable_password_enc" text, "snmp_community_enc" text NOT NULL, "snmp_write_community_enc" text, "description" text, "branch_id" uuid, "mikrotik_host" character varying(255), "mikrotik_port" integer, "mikrotik_username" character varying(80), "mikrotik_password_enc" text, "whatsapp_id" character varying(120), "telegram_id" character varying(120), "data_collection_ratio" integer, "db_alert_range" real, "billing_package" character varying(80), "billing_months" integer, "poll_interval_seconds" integer NOT NULL DEFAULT '300', "show" boolean NOT NULL DEFAULT true, "status" character varying(10) NOT NULL DEFAULT 'unknown', "consecutive_failures" integer NOT NULL DEFAULT '0', "last_polled_at" TIMESTAMP WITH TIME ZONE, "last_poll_duration_ms" integer, "last_error" text, "last_checked_at" TIMESTAMP WITH TIME ZONE, "cpu_percent" real, "memory_percent" real, "uptime_seconds" bigint, "pon_port_count" integer, "onu_count" integer NOT NULL DEFAULT '0', "online_onu_count" integer NOT NULL DEFAULT '0', "created_by" uuid, "updated_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0e4d48f5d0632f522ed27664086" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "olt_tenant_show_idx" ON "olt"  ("tenant_id", "show") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "olt_tenant_code_uq" ON "olt"  ("tenant_id", "code") `);
    await queryRunner.query(
      `CREATE TABLE "onu_signal_hourly" ("onu_ref" uuid NOT NULL, "hour" TIMESTAMP WITH TIME ZONE NOT NULL, "tenant_id" uuid NOT NULL, "rx_min" real NOT NULL, "rx_avg" real NOT NULL, "rx_max" real NOT NULL, "sample_count" integer NOT NULL, CONSTRAINT "PK_90b8ad43b04664a5a1cb1408717" PRIMARY KEY ("onu_ref", "hour"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "onu_status_event" ("id" BIGSERIAL NOT NULL, "tenant_id" uuid NOT NULL, "olt_id" uuid NOT NULL, "onu_ref" uuid NOT NULL, "pon_port" integer NOT NULL, "onu_id" integer NOT NULL, "from_status" character varying(10), "to_status" character varying(10) NOT NULL, "reason" character varying(12), "reason_raw" character varying(120), "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_147026b6f9afd76f2a2815564ca" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "onu_status_event_onu_time_idx" ON "onu_status_event"  ("onu_ref", "occurred_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "onu_status_event_tenant_time_idx" ON "onu_status_event"  ("tenant_id", "occurred_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "onu" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "tenant_id" uuid NOT NULL, "olt_id" uuid NOT NULL, "pon_port" integer NOT NULL, "onu_id" integer NOT NULL, "if_name" character varying(64) NOT NULL, "mac" character varying(17), "serial" character varying(32), "description" character varying(255), "pppoe_ids" text array NOT NULL DEFAULT '{}', "status" character varying(10) NOT NULL, "reason" character varying(12), "reason_raw" character varying(120), "rx_dbm" real, "tx_dbm" real, "temperature_c" real, "voltage_v" real, "bias_ma" real, "distance_m" integer, "vendor" character varying(64), "model" character varying(64), "last_seen_at" TIMESTAMP WITH TIME ZONE, "status_changed_at" TIMESTAMP WITH TIME ZONE, "last_down_at" TIMESTAMP WITH TIME ZONE, "sampled_rx_dbm" real, "sampled_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7dd4a68259366a2a558cdbfda58" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "onu_mac_idx" ON "onu"  ("tenant_id", "mac") `);
    await queryRunner.query(`CREATE INDEX "onu_tenant_rx_idx" ON "onu"  ("tenant_id", "rx_dbm") `);
    await queryRunner.query(`CREATE INDEX "onu_tenant_status_idx" ON "onu"  ("tenant_id", "status") `);
    await queryRunner.query(
      `CREATE INDEX "onu_tenant_olt_port_idx" ON "onu"  ("tenant_id", "olt_id", "pon_port") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "onu_olt_port_onu_uq" ON "onu"  ("olt_id", "pon_port", "onu_id") `,
    );

    // Raw rx samples: partitioned by month so retention drops whole partitions. Not an entity (TypeORM
    // cannot describe partitioning); written and read with SQL. The key makes a retried poll a no-op.
    await queryRunner.query(
      `CREATE TABLE "onu_signal_sample" ("onu_ref" uuid NOT NULL, "tenant_id" uuid NOT NULL, "olt_id" uuid NOT NULL, "sampled_at" TIMESTAMP WITH TIME ZONE NOT NULL, "rx_dbm" real NOT NULL, "tx_dbm" real, PRIMARY KEY ("onu_ref", "sampled_at")) PARTITION BY RANGE ("sampled_at")`,
    );
    await queryRunner.query(
      `CREATE TABLE "onu_signal_sample_default" PARTITION OF "onu_signal_sample" DEFAULT`,
    );
    await queryRunner.query(
      `CREATE INDEX "onu_signal_sample_tenant_time_idx" ON "onu_signal_sample" ("tenant_id", "sampled_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "onu_signal_sample"`);
    await queryRunner.query(`DROP INDEX "public"."onu_olt_port_onu_uq"`);
    await queryRunner.query(`DROP INDEX "public"."onu_tenant_olt_port_idx"`);
    await queryRunner.query(`DROP INDEX "public"."onu_tenant_status_idx"`);
    await queryRunner.query(`DROP INDEX "public"."onu_tenant_rx_idx"`);
    await queryRunner.query(`DROP INDEX "public"."onu_mac_idx"`);
    await queryRunner.query(`DROP TABLE "onu"`);
    await queryRunner.query(`DROP INDEX "public"."onu_status_event_tenant_time_idx"`);
    await queryRunner.query(`DROP INDEX "public"."onu_status_event_onu_time_idx"`);
    await queryRunner.query(`DROP TABLE "onu_status_event"`);
    await queryRunner.query(`DROP TABLE "onu_signal_hourly"`);
    await queryRunner.query(`DROP INDEX "public"."olt_tenant_code_uq"`);
    await queryRunner.query(`DROP INDEX "public"."olt_tenant_show_idx"`);
    await queryRunner.query(`DROP TABLE "olt"`);
  }
}
