import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * IP monitor, POPs and services. The worker pings every monitored server and POP power source each
 * second: `ping_sample` holds each result (rtt in ms, null when lost) keyed by the target's id, partitioned
 * by day (the worker makes the days ahead and drops them after `PING_RAW_HOURS`); `ping_minute` holds the
 * per-minute rollups the 24 h history is drawn from (kept `PING_ROLLUP_DAYS`). Neither carries the tenant:
 * they are read only by target ids already checked against the tenant.
 */
export class PingMonitor1795777342945 implements MigrationInterface {
  name = 'PingMonitor1795777342945';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "monitor_server" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "tenant_id" uuid NOT NULL, "name" character varying(100) NOT NULL, "ip" character varying(45) NOT NULL, "latency_limit_ms" integer NOT NULL DEFAULT '50', "logo_file" character varying(80), "state" character varying(8) NOT NULL DEFAULT 'unknown', "alert_reason" character varying(12), "state_since" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_07debac6b532f24e6d121964493" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "monitor_server_tenant_ip_key" ON "monitor_server"  ("tenant_id", "ip") `,
    );
    await queryRunner.query(
      `CREATE TABLE "pop" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "tenant_id" uuid NOT NULL, "name" character varying(100) NOT NULL, "area_name" character varying(100), "branch_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5186a4f88085f7d451b83bcb833" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "pop_tenant_name_key" ON "pop"  ("tenant_id", "name") `);
    await queryRunner.query(
      `CREATE TABLE "pop_source" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "tenant_id" uuid NOT NULL, "pop_id" uuid NOT NULL, "ip" character varying(45) NOT NULL, "type" character varying(10) NOT NULL, "alive_minutes" integer NOT NULL DEFAULT '0', "state" character varying(8) NOT NULL DEFAULT 'unknown', "state_since" TIMESTAMP WITH TIME ZONE, "last_reply_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e060bc2b188db47a62386b07215" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "pop_source_pop_idx" ON "pop_source"  ("pop_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "pop_source_tenant_ip_key" ON "pop_source"  ("tenant_id", "ip") `,
    );
    await queryRunner.query(
      `CREATE TABLE "pop_outage" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "tenant_id" uuid NOT NULL, "source_id" uuid NOT NULL, "pop_id" uuid NOT NULL, "ip" character varying(45) NOT NULL, "type" character varying(10) NOT NULL, "down_at" TIMESTAMP WITH TIME ZONE NOT NULL, "up_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_a656978f3fca0080799b8fa85d2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "pop_outage_open_key" ON "pop_outage"  ("source_id") WHERE "up_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "pop_outage_source_idx" ON "pop_outage"  ("source_id", "down_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "pop_outage_tenant_down_idx" ON "pop_outage"  ("tenant_id", "down_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "isp_service" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "tenant_id" uuid NOT NULL, "name" character varying(100) NOT NULL, "active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fdd911eec59fb6b37b7c13fd4c6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "isp_service_tenant_name_key" ON "isp_service"  ("tenant_id", "name") `,
    );
    await queryRunner.query(
      `ALTER TABLE "monitor_server" ADD CONSTRAINT "FK_eceff5ae03f7897575663a638bf" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "pop" ADD CONSTRAINT "FK_6f8b537473305378c93055049d9" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "pop" ADD CONSTRAINT "FK_d5bdf80a84399bb500f76c5bd34" FOREIGN KEY ("branch_id") REFERENCES "branch"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "pop_source" ADD CONSTRAINT "FK_6be4eaab33f54b8f39307d59fdd" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "pop_source" ADD CONSTRAINT "FK_c05631c6473cfede01160481cba" FOREIGN KEY ("pop_id") REFERENCES "pop"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "pop_outage" ADD CONSTRAINT "FK_4d937012a244508e947feb0ea2e" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "pop_outage" ADD CONSTRAINT "FK_30fcca96c780e95ce4f4ee4c874" FOREIGN KEY ("source_id") REFERENCES "pop_source"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "isp_service" ADD CONSTRAINT "FK_5e98b2a1708c7ea923675eb4606" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "ping_sample" ("target_id" uuid NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, "rtt_ms" real)
        PARTITION BY RANGE ("at")`,
    );
    await queryRunner.query(`CREATE TABLE "ping_sample_default" PARTITION OF "ping_sample" DEFAULT`);
    await queryRunner.query(
      `CREATE INDEX "ping_sample_target_idx" ON "ping_sample" ("target_id", "at" DESC)`,
    );
    await queryRunner.query(
      `CREATE TABLE "ping_minute" ("target_id" uuid NOT NULL, "minute" TIMESTAMP WITH TIME ZONE NOT NULL,
        "sent" smallint NOT NULL, "received" smallint NOT NULL, "min_ms" real, "avg_ms" real, "max_ms" real,
        CONSTRAINT "ping_minute_pkey" PRIMARY KEY ("target_id", "minute"))`,
    );
    await queryRunner.query(`CREATE INDEX "ping_minute_minute_idx" ON "ping_minute" ("minute")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ping_minute"`);
    await queryRunner.query(`DROP TABLE "ping_sample"`);
    await queryRunner.query(`ALTER TABLE "isp_service" DROP CONSTRAINT "FK_5e98b2a1708c7ea923675eb4606"`);
    await queryRunner.query(`ALTER TABLE "pop_outage" DROP CONSTRAINT "FK_30fcca96c780e95ce4f4ee4c874"`);
    await queryRunner.query(`ALTER TABLE "pop_outage" DROP CONSTRAINT "FK_4d937012a244508e947feb0ea2e"`);
    await queryRunner.query(`ALTER TABLE "pop_source" DROP CONSTRAINT "FK_c05631c6473cfede01160481cba"`);
    await queryRunner.query(`ALTER TABLE "pop_source" DROP CONSTRAINT "FK_6be4eaab33f54b8f39307d59fdd"`);
    await queryRunner.query(`ALTER TABLE "pop" DROP CONSTRAINT "FK_d5bdf80a84399bb500f76c5bd34"`);
    await queryRunner.query(`ALTER TABLE "pop" DROP CONSTRAINT "FK_6f8b537473305378c93055049d9"`);
    await queryRunner.query(`ALTER TABLE "monitor_server" DROP CONSTRAINT "FK_eceff5ae03f7897575663a638bf"`);
    await queryRunner.query(`DROP INDEX "public"."isp_service_tenant_name_key"`);
    await queryRunner.query(`DROP TABLE "isp_service"`);
    await queryRunner.query(`DROP INDEX "public"."pop_outage_tenant_down_idx"`);
    await queryRunner.query(`DROP INDEX "public"."pop_outage_source_idx"`);
    await queryRunner.query(`DROP INDEX "public"."pop_outage_open_key"`);
    await queryRunner.query(`DROP TABLE "pop_outage"`);
    await queryRunner.query(`DROP INDEX "public"."pop_source_tenant_ip_key"`);
    await queryRunner.query(`DROP INDEX "public"."pop_source_pop_idx"`);
    await queryRunner.query(`DROP TABLE "pop_source"`);
    await queryRunner.query(`DROP INDEX "public"."pop_tenant_name_key"`);
    await queryRunner.query(`DROP TABLE "pop"`);
    await queryRunner.query(`DROP INDEX "public"."monitor_server_tenant_ip_key"`);
    await queryRunner.query(`DROP TABLE "monitor_server"`);
  }
}
