import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OltOnuStats1795487523330 implements MigrationInterface {
  name = 'OltOnuStats1795487523330';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Kept by every writer of an OLT's ONUs; existing OLTs fill theirs at their next poll.
    await queryRunner.query(`ALTER TABLE "olt" ADD "onu_stats" jsonb NOT NULL DEFAULT '{}'`);
    // "Strongest first" with offline ONUs (no reading) last: a backward scan of the ascending index
    // would put them first.
    await queryRunner.query(
      `CREATE INDEX "onu_tenant_rx_desc_idx" ON "onu" ("tenant_id", "rx_dbm" DESC NULLS LAST)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "onu_tenant_rx_desc_idx"`);
    await queryRunner.query(`ALTER TABLE "olt" DROP COLUMN "onu_stats"`);
  }
}
