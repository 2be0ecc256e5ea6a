import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The last inactive-ONU scan of each OLT (ONU Down Scanner), one row per OLT. */
export class InactiveScanResults1795740524193 implements MigrationInterface {
  name = 'InactiveScanResults1795740524193';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "inactive_scan_result" ("olt_id" uuid NOT NULL, "tenant_id" uuid NOT NULL, "scanned_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ok" boolean NOT NULL, "code" character varying(20), "error" text, "rows" jsonb NOT NULL DEFAULT '[]', "duration_ms" integer NOT NULL, CONSTRAINT "PK_125a91a447dbee659ed68ad3658" PRIMARY KEY ("olt_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_inactive_scan_result_tenant" ON "inactive_scan_result"  ("tenant_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "inactive_scan_result" ADD CONSTRAINT "FK_125a91a447dbee659ed68ad3658" FOREIGN KEY ("olt_id") REFERENCES "olt"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "inactive_scan_result" DROP CONSTRAINT "FK_125a91a447dbee659ed68ad3658"`,
    );
    await queryRunner.query(`DROP INDEX "public"."ix_inactive_scan_result_tenant"`);
    await queryRunner.query(`DROP TABLE "inactive_scan_result"`);
  }
}
