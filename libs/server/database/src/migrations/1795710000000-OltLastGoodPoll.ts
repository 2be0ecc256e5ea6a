import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the OLT last answered a full poll. A poll rewrites only the ONUs whose state or readings moved, so
 * an online ONU's row keeps the time it was last written; it was last seen at its OLT's last good poll.
 */
export class OltLastGoodPoll1795710000000 implements MigrationInterface {
  name = 'OltLastGoodPoll1795710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "olt" ADD "last_good_poll_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `UPDATE "olt" SET "last_good_poll_at" = "last_polled_at" WHERE "last_error" IS NULL AND "last_polled_at" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "olt" DROP COLUMN "last_good_poll_at"`);
  }
}
