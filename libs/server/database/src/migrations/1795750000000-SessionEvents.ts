import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * PPPoE session events posted by the tenants' routers. `session_event` is partitioned by month of
 * arrival (the worker creates months ahead and drops them past retention; a default partition catches
 * anything early); `session_down_daily` keeps one row per PPPoE id and day with its drops, so the
 * 30-day Down Count List sums at most 30 small rows per id; `ingest_router` the last event per router;
 * `ingest_key` each tenant's key (sealed, and its SHA-256 to find the tenant by).
 */
export class SessionEvents1795750000000 implements MigrationInterface {
  name = 'SessionEvents1795750000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "ingest_key" ("tenant_id" uuid NOT NULL, "key_enc" text NOT NULL, "key_hash" character(64) NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "ingest_key_pkey" PRIMARY KEY ("tenant_id"),
        CONSTRAINT "ingest_key_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "ingest_key_hash_idx" ON "ingest_key" ("key_hash")`);
    await queryRunner.query(
      `CREATE TABLE "session_event" ("id" bigint GENERATED ALWAYS AS IDENTITY, "tenant_id" uuid NOT NULL,
        "received_at" TIMESTAMP WITH TIME ZONE NOT NULL, "pppoe_id" character varying(64) NOT NULL,
        "action" character varying(4) NOT NULL, "ip" character varying(45), "mac" character varying(17),
        "router" character varying(64), "interface" character varying(64), "router_time" character varying(40),
        CONSTRAINT "session_event_pkey" PRIMARY KEY ("tenant_id", "received_at", "id")) PARTITION BY RANGE ("received_at")`,
    );
    await queryRunner.query(`CREATE TABLE "session_event_default" PARTITION OF "session_event" DEFAULT`);
    await queryRunner.query(
      `CREATE INDEX "session_event_pppoe_idx" ON "session_event" ("tenant_id", "pppoe_id", "received_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE TABLE "session_down_daily" ("tenant_id" uuid NOT NULL, "pppoe_id" character varying(64) NOT NULL,
        "day" date NOT NULL, "downs" integer NOT NULL, "last_down_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "session_down_daily_pkey" PRIMARY KEY ("tenant_id", "pppoe_id", "day"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "session_down_daily_day_idx" ON "session_down_daily" ("tenant_id", "day")`,
    );
    await queryRunner.query(
      `CREATE TABLE "ingest_router" ("tenant_id" uuid NOT NULL, "router" character varying(64) NOT NULL,
        "last_event_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_action" character varying(4) NOT NULL,
        CONSTRAINT "ingest_router_pkey" PRIMARY KEY ("tenant_id", "router"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ingest_router"`);
    await queryRunner.query(`DROP TABLE "session_down_daily"`);
    await queryRunner.query(`DROP TABLE "session_event"`);
    await queryRunner.query(`DROP TABLE "ingest_key"`);
  }
}
