import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Switches and their SFP ports. Besides the entities' tables, `switch_port_sample` holds each poll's
 * reading of each port (keyed by the port's id), partitioned by month like `onu_signal_sample` (the
 * worker makes the months ahead and drops them after `SAMPLE_RETENTION_DAYS`); the hourly rollups in
 * `switch_port_hourly` are what long chart ranges read.
 */
export class Switches1795788343264 implements MigrationInterface {
  name = 'Switches1795788343264';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "switch" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "tenant_id" uuid NOT NULL, "name" character varying(100) NOT NULL, "ip" character varying(255) NOT NULL, "snmp_port" integer NOT NULL DEFAULT '161', "snmp_community_enc" text NOT NULL, "brand" character varying(16) NOT NULL, "description" text, "olt_id" uuid, "whatsapp_id" character varying(120), "telegram_id" character varying(120), "data_collection_ratio" integer NOT NULL DEFAULT '5', "db_alert_range" real NOT NULL DEFAULT '-20', "billing_package" character varying(80), "expires_on" date, "show" boolean NOT NULL DEFAULT true, "status" character varying(10) NOT NULL DEFAULT 'unknown', "sys_descr" text, "port_count" integer NOT NULL DEFAULT '0', "alert_port_count" integer NOT NULL DEFAULT '0', "last_polled_at" TIMESTAMP WITH TIME ZONE, "last_good_poll_at" TIMESTAMP WITH TIME ZONE, "last_poll_duration_ms" integer, "last_error" text, "created_by" uuid, "updated_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ebf6da4914b7e95ee9fac64420c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "switch_tenant_show_idx" ON "switch"  ("tenant_id", "show") `);
    await queryRunner.query(
      `CREATE TABLE "switch_port" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "tenant_id" uuid NOT NULL, "switch_id" uuid NOT NULL, "port_key" character varying(140) NOT NULL, "if_index" integer, "name" character varying(120) NOT NULL, "sort_name" character varying(240) NOT NULL, "description" character varying(255), "link" character varying(8) NOT NULL, "rx_dbm" real, "tx_dbm" real, "temperature_c" real, "voltage_v" real, "bias_ma" real, "power" character varying(10) NOT NULL, "changed_at" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_e2a55011c20153963177e2fcfa6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "switch_port_tenant_rx_idx" ON "switch_port"  ("tenant_id", "rx_dbm") `,
    );
    await queryRunner.query(
      `CREATE INDEX "switch_port_tenant_power_idx" ON "switch_port"  ("tenant_id", "power") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "switch_port_switch_key" ON "switch_port"  ("switch_id", "port_key") `,
    );
    await queryRunner.query(
      `CREATE TABLE "switch_port_hourly" ("port_id" uuid NOT NULL, "hour" TIMESTAMP WITH TIME ZONE NOT NULL, "tenant_id" uuid NOT NULL, "rx_min" real, "rx_avg" real, "rx_max" real, "tx_avg" real, "sample_count" integer NOT NULL, "down_count" integer NOT NULL, CONSTRAINT "PK_3ce128ff86e728b70f6e50e0b87" PRIMARY KEY ("port_id", "hour"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "switch_port_event" ("id" BIGSERIAL NOT NULL, "tenant_id" uuid NOT NULL, "switch_id" uuid NOT NULL, "port_id" uuid NOT NULL, "kind" character varying(10) NOT NULL, "rx_dbm" real, "at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_6e6bba799df66121d419a806771" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "switch_port_event_tenant_at_idx" ON "switch_port_event"  ("tenant_id", "at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "switch_port_event_port_at_idx" ON "switch_port_event"  ("port_id", "at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "switch_port_sample" ("port_id" uuid NOT NULL, "tenant_id" uuid NOT NULL, "switch_id" uuid NOT NULL, "sampled_at" TIMESTAMP WITH TIME ZONE NOT NULL, "link_up" boolean NOT NULL, "rx_dbm" real, "tx_dbm" real, "temperature_c" real, "voltage_v" real, "bias_ma" real, PRIMARY KEY ("port_id", "sampled_at")) PARTITION BY RANGE ("sampled_at")`,
    );
    await queryRunner.query(
      `CREATE TABLE "switch_port_sample_default" PARTITION OF "switch_port_sample" DEFAULT`,
    );
    await queryRunner.query(`CREATE INDEX "switch_port_hourly_hour_idx" ON "switch_port_hourly" ("hour")`);
    await queryRunner.query(
      `ALTER TABLE "switch" ADD CONSTRAINT "FK_3c8b91e20724b5904b5cbe764fa" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "switch" ADD CONSTRAINT "FK_81ec60e18ae3151f3f364bc218b" FOREIGN KEY ("olt_id") REFERENCES "olt"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "switch_port" ADD CONSTRAINT "FK_c0ec427c8d6eaf0e61c55abdb0d" FOREIGN KEY ("switch_id") REFERENCES "switch"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "switch_port_event" ADD CONSTRAINT "FK_f415b673759d023a7b22f1c1b9f" FOREIGN KEY ("port_id") REFERENCES "switch_port"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "switch_port_event" DROP CONSTRAINT "FK_f415b673759d023a7b22f1c1b9f"`,
    );
    await queryRunner.query(`ALTER TABLE "switch_port" DROP CONSTRAINT "FK_c0ec427c8d6eaf0e61c55abdb0d"`);
    await queryRunner.query(`ALTER TABLE "switch" DROP CONSTRAINT "FK_81ec60e18ae3151f3f364bc218b"`);
    await queryRunner.query(`ALTER TABLE "switch" DROP CONSTRAINT "FK_3c8b91e20724b5904b5cbe764fa"`);
    await queryRunner.query(`DROP INDEX "public"."switch_port_hourly_hour_idx"`);
    await queryRunner.query(`DROP TABLE "switch_port_sample"`);
    await queryRunner.query(`DROP INDEX "public"."switch_port_event_port_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."switch_port_event_tenant_at_idx"`);
    await queryRunner.query(`DROP TABLE "switch_port_event"`);
    await queryRunner.query(`DROP TABLE "switch_port_hourly"`);
    await queryRunner.query(`DROP INDEX "public"."switch_port_switch_key"`);
    await queryRunner.query(`DROP INDEX "public"."switch_port_tenant_power_idx"`);
    await queryRunner.query(`DROP INDEX "public"."switch_port_tenant_rx_idx"`);
    await queryRunner.query(`DROP TABLE "switch_port"`);
    await queryRunner.query(`DROP INDEX "public"."switch_tenant_show_idx"`);
    await queryRunner.query(`DROP TABLE "switch"`);
  }
}
