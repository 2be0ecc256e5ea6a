import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Port, ONU id and status are never blank, so their sorts tie by id in their own direction and a backward
 * scan of the ascending index reads the descending order: their descending twins go. Every index is paid
 * on each rewrite of an ONU's row, and a poll rewrites every ONU whose readings moved.
 */
const TWINS: Record<string, string> = {
  onu_sort_port_desc_idx: `("tenant_id", "pon_port" DESC NULLS LAST, "onu_id" DESC NULLS LAST, "id")`,
  onu_sort_onu_id_desc_idx: `("tenant_id", "onu_id" DESC NULLS LAST, "id")`,
  onu_sort_status_desc_idx: `("tenant_id", "status" DESC NULLS LAST, "id")`,
};

export class OnuSortMirrors1795720100000 implements MigrationInterface {
  name = 'OnuSortMirrors1795720100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const name of Object.keys(TWINS)) await queryRunner.query(`DROP INDEX "${name}"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name, columns] of Object.entries(TWINS))
      await queryRunner.query(`CREATE INDEX "${name}" ON "onu" ${columns}`);
  }
}
