import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OltPermissionLink1795418859930 implements MigrationInterface {
  name = 'OltPermissionLink1795418859930';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Links were stored unchecked before the OLT table existed; drop any that name no OLT.
    await queryRunner.query(
      `DELETE FROM "user_olt_permission" p WHERE NOT EXISTS (SELECT 1 FROM "olt" o WHERE o."id" = p."olt_id" AND o."tenant_id" = p."tenant_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_user_olt_permission_olt" ON "user_olt_permission"  ("olt_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "user_olt_permission" ADD CONSTRAINT "FK_1e80b12d32c029f0504bca756a0" FOREIGN KEY ("olt_id") REFERENCES "olt"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "user_olt_permission" DROP CONSTRAINT "FK_1e80b12d32c029f0504bca756a0"`,
    );
    await queryRunner.query(`DROP INDEX "public"."ix_user_olt_permission_olt"`);
  }
}
