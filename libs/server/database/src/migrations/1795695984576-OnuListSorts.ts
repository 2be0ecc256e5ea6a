import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ONU lists' sorts as `ORDER BY` writes them (`<keys> <dir> NULLS LAST, id`): one index per sort and
 * direction, so a page is read in order from the index instead of sorting every ONU of the tenant. A
 * backward scan of the ascending index would put blanks first and ties the other way round, hence the
 * descending twin. The rx sort keeps its two indexes (OltOnuStats); last seen has none, since every poll
 * moves it and an index on it would keep each poll's update of an ONU from staying on its page.
 */
const SORTS: Record<string, string[]> = {
  port: ['"pon_port"', '"onu_id"'],
  onu_id: ['"onu_id"'],
  vendor: [`(nullif(lower("vendor"), ''))`],
  distance: ['"distance_m"'],
  description: [`(nullif(lower("description"), ''))`],
  status: ['"status"'],
  tx: ['"tx_dbm"'],
};

export class OnuListSorts1795695984576 implements MigrationInterface {
  name = 'OnuListSorts1795695984576';

  async up(queryRunner: QueryRunner): Promise<void> {
    // (tenant, status, id) serves everything the old (tenant, status) did.
    await queryRunner.query(`DROP INDEX "onu_tenant_status_idx"`);
    for (const [name, keys] of Object.entries(SORTS)) {
      const asc = name === 'status' ? 'onu_tenant_status_idx' : `onu_sort_${name}_idx`;
      await queryRunner.query(`CREATE INDEX "${asc}" ON "onu" ("tenant_id", ${keys.join(', ')}, "id")`);
      await queryRunner.query(
        `CREATE INDEX "onu_sort_${name}_desc_idx" ON "onu" ("tenant_id", ${keys.map((k) => `${k} DESC NULLS LAST`).join(', ')}, "id")`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of Object.keys(SORTS)) {
      await queryRunner.query(`DROP INDEX "onu_sort_${name}_desc_idx"`);
      if (name !== 'status') await queryRunner.query(`DROP INDEX "onu_sort_${name}_idx"`);
    }
    await queryRunner.query(`DROP INDEX "onu_tenant_status_idx"`);
    await queryRunner.query(`CREATE INDEX "onu_tenant_status_idx" ON "onu" ("tenant_id", "status")`);
  }
}
