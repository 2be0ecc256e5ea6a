import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Alerts about a switch, a monitored server or a POP name it, so a silence of that switch or POP applies;
 * a condition waiting out its rule's minimum duration keeps them too. */
export class AlertTargets1795846547905 implements MigrationInterface {
  name = 'AlertTargets1795846547905';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "alert" ADD "target_type" character varying(8)`);
    await queryRunner.query(`ALTER TABLE "alert" ADD "target_id" uuid`);
    await queryRunner.query(`ALTER TABLE "alert_pending" ADD "target_type" character varying(8)`);
    await queryRunner.query(`ALTER TABLE "alert_pending" ADD "target_id" uuid`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "alert_pending" DROP COLUMN "target_id"`);
    await queryRunner.query(`ALTER TABLE "alert_pending" DROP COLUMN "target_type"`);
    await queryRunner.query(`ALTER TABLE "alert" DROP COLUMN "target_id"`);
    await queryRunner.query(`ALTER TABLE "alert" DROP COLUMN "target_type"`);
  }
}
