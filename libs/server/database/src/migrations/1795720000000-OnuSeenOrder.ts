import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lists' "last seen" sort, indexed like the others (`ONU_SEEN_ORDER_SQL`): an online ONU sorts as seen
 * now, an offline one by its own `last_seen_at`, so the order needs no OLT column and a page is read from
 * the index instead of sorting every ONU of the tenant. `onu_tenant_olt_port_idx` goes: every lookup by
 * OLT (and port) is served by the unique (olt, port, onu) index, and each index is paid on every write.
 */
const SEEN = `(CASE WHEN "status" = 'online' THEN 'infinity'::timestamptz ELSE "last_seen_at" END)`;

export class OnuSeenOrder1795720000000 implements MigrationInterface {
  name = 'OnuSeenOrder1795720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "onu_sort_seen_idx" ON "onu" ("tenant_id", ${SEEN}, "id")`);
    await queryRunner.query(
      `CREATE INDEX "onu_sort_seen_desc_idx" ON "onu" ("tenant_id", ${SEEN} DESC NULLS LAST, "id")`,
    );
    await queryRunner.query(`DROP INDEX "onu_tenant_olt_port_idx"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "onu_tenant_olt_port_idx" ON "onu" ("tenant_id", "olt_id", "pon_port")`,
    );
    await queryRunner.query(`DROP INDEX "onu_sort_seen_desc_idx"`);
    await queryRunner.query(`DROP INDEX "onu_sort_seen_idx"`);
  }
}
