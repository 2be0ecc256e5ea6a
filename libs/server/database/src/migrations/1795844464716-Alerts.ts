import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alerts: per-tenant rules, channels (secrets sealed), incidents with their per-channel deliveries,
 * conditions waiting out their minimum duration, maintenance silences, the engine's read cursor, and the
 * ONUs whose signal is falling. Adds permission 2022 (Alerts) and gives it to every role that holds Admin
 * (2000), as a new tenant's Admin role has every code.
 */
export class Alerts1795844464716 implements MigrationInterface {
  name = 'Alerts1795844464716';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "alert_rule" ("tenant_id" uuid NOT NULL, "kind" character varying(24) NOT NULL, "enabled" boolean NOT NULL, "min_duration_seconds" integer NOT NULL, "notify_recovery" boolean NOT NULL, "params" jsonb NOT NULL, "updated_by" uuid, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_930becbe82171e635719e14f57e" PRIMARY KEY ("tenant_id", "kind"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "alert_channel" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "tenant_id" uuid NOT NULL, "kind" character varying(12) NOT NULL, "name" character varying(80) NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "settings" jsonb NOT NULL DEFAULT '{}', "secret_enc" text NOT NULL, "use_device_ids" boolean NOT NULL DEFAULT false, "rate_per_minute" integer NOT NULL DEFAULT '20', "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_528b6bccb20d009acf98bbea7b0" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "alert_channel_tenant_idx" ON "alert_channel"  ("tenant_id") `);
    await queryRunner.query(
      `CREATE TABLE "alert" ("id" BIGSERIAL NOT NULL, "tenant_id" uuid NOT NULL, "kind" character varying(24) NOT NULL, "dedup_key" character varying(200) NOT NULL, "state" character varying(10) NOT NULL, "olt_id" uuid, "pon_port" integer, "onu_ref" uuid, "title" character varying(300) NOT NULL, "detail" jsonb NOT NULL DEFAULT '{}', "silenced" boolean NOT NULL DEFAULT false, "opened_at" TIMESTAMP WITH TIME ZONE NOT NULL, "resolved_at" TIMESTAMP WITH TIME ZONE, "acknowledged_at" TIMESTAMP WITH TIME ZONE, "acknowledged_by" uuid, CONSTRAINT "PK_ad91cad659a3536465d564a4b2f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "alert_firing_idx" ON "alert"  ("tenant_id", "kind") WHERE "state" = 'firing'`,
    );
    await queryRunner.query(`CREATE INDEX "alert_tenant_opened_idx" ON "alert"  ("tenant_id", "opened_at") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "alert_tenant_key_uq" ON "alert"  ("tenant_id", "dedup_key") `,
    );
    await queryRunner.query(
      `CREATE TABLE "alert_delivery" ("id" BIGSERIAL NOT NULL, "tenant_id" uuid NOT NULL, "alert_id" bigint NOT NULL, "phase" character varying(8) NOT NULL, "channel_id" uuid NOT NULL, "target" character varying(120) NOT NULL DEFAULT '', "status" character varying(10) NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL, "lease_until" TIMESTAMP WITH TIME ZONE, "last_error" character varying(500), "delivered_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c525535867340bf8eef9ac9721d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "alert_delivery_due_idx" ON "alert_delivery"  ("next_attempt_at") WHERE "status" IN ('pending', 'sending')`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "alert_delivery_uq" ON "alert_delivery"  ("alert_id", "phase", "channel_id", "target") `,
    );
    await queryRunner.query(
      `CREATE TABLE "alert_silence" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "tenant_id" uuid NOT NULL, "target_type" character varying(8) NOT NULL, "target_id" uuid NOT NULL, "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ends_at" TIMESTAMP WITH TIME ZONE NOT NULL, "reason" character varying(200), "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ff13c851d94c4d222ef207b748e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "alert_silence_target_idx" ON "alert_silence"  ("tenant_id", "target_type", "target_id", "ends_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "alert_cursor" ("source" character varying(40) NOT NULL, "last_id" bigint NOT NULL DEFAULT '0', CONSTRAINT "PK_8301e3cf4c4624bc490558869e7" PRIMARY KEY ("source"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "onu_degradation" ("onu_ref" uuid NOT NULL, "tenant_id" uuid NOT NULL, "olt_id" uuid NOT NULL, "slope_db_per_day" real NOT NULL, "rx_dbm" real, "projected_crossing_on" date, "computed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_c06b1d9369bc8fe9aca800c8503" PRIMARY KEY ("onu_ref"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "onu_degradation_tenant_slope_idx" ON "onu_degradation"  ("tenant_id", "slope_db_per_day") `,
    );
    await queryRunner.query(
      `CREATE TABLE "alert_pending" ("tenant_id" uuid NOT NULL, "kind" character varying(24) NOT NULL, "subject" character varying(120) NOT NULL, "dedup_key" character varying(200) NOT NULL, "olt_id" uuid, "pon_port" integer, "onu_ref" uuid, "since" TIMESTAMP WITH TIME ZONE NOT NULL, "detail" jsonb NOT NULL DEFAULT '{}', CONSTRAINT "PK_5e9f63567b5baa72f9c1cde8565" PRIMARY KEY ("tenant_id", "kind", "subject"))`,
    );
    await queryRunner.query(
      `INSERT INTO "menu" ("code", "name", "active") VALUES (2022, 'Alerts', true) ON CONFLICT ("code") DO NOTHING`,
    );
    await queryRunner.query(
      `INSERT INTO "role_menu" ("role_id", "menu_code") SELECT "role_id", 2022 FROM "role_menu" WHERE "menu_code" = 2000 ON CONFLICT DO NOTHING`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "role_menu" WHERE "menu_code" = 2022`);
    await queryRunner.query(`DELETE FROM "menu" WHERE "code" = 2022`);
    await queryRunner.query(`DROP TABLE "alert_pending"`);
    await queryRunner.query(`DROP INDEX "public"."onu_degradation_tenant_slope_idx"`);
    await queryRunner.query(`DROP TABLE "onu_degradation"`);
    await queryRunner.query(`DROP TABLE "alert_cursor"`);
    await queryRunner.query(`DROP INDEX "public"."alert_silence_target_idx"`);
    await queryRunner.query(`DROP TABLE "alert_silence"`);
    await queryRunner.query(`DROP INDEX "public"."alert_delivery_uq"`);
    await queryRunner.query(`DROP INDEX "public"."alert_delivery_due_idx"`);
    await queryRunner.query(`DROP TABLE "alert_delivery"`);
    await queryRunner.query(`DROP INDEX "public"."alert_tenant_key_uq"`);
    await queryRunner.query(`DROP INDEX "public"."alert_tenant_opened_idx"`);
    await queryRunner.query(`DROP INDEX "public"."alert_firing_idx"`);
    await queryRunner.query(`DROP TABLE "alert"`);
    await queryRunner.query(`DROP INDEX "public"."alert_channel_tenant_idx"`);
    await queryRunner.query(`DROP TABLE "alert_channel"`);
    await queryRunner.query(`DROP TABLE "alert_rule"`);
  }
}
