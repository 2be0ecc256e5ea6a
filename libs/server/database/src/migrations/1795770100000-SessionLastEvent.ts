import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each PPPoE id's last stored session event (action and time), found by its key: an event repeating it
 * within seconds (the router's script and its syslog both telling one drop) is stored once.
 */
export class SessionLastEvent1795770100000 implements MigrationInterface {
  name = 'SessionLastEvent1795770100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "session_last_event" ("tenant_id" uuid NOT NULL, "pppoe_id" character varying(64) NOT NULL,
        "action" character varying(4) NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "session_last_event_pkey" PRIMARY KEY ("tenant_id", "pppoe_id"))`,
    );
    // Ids with events already: their last one.
    await queryRunner.query(
      `INSERT INTO "session_last_event" (tenant_id, pppoe_id, action, received_at)
       SELECT DISTINCT ON (tenant_id, pppoe_id) tenant_id, pppoe_id, action, received_at
       FROM "session_event" ORDER BY tenant_id, pppoe_id, received_at DESC, id DESC`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "session_last_event"`);
  }
}
