import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The indexed search expression as this migration created it (frozen: the runtime copy lives in
 * `onu-search.ts`, and a change there needs a new migration that rebuilds the index).
 */
export const ONU_SEARCH_INDEX_EXPR = `lower(onu.if_name || ' ' || coalesce(onu.mac, '') || ' ' || coalesce(onu.serial, '') || ' ' || coalesce(onu.description, '') || ' ' || coalesce(onu.vendor, '') || ' ' || coalesce(onu.model, '') || ' ' || onu.status || ' ' || coalesce(onu.reason, '') || ' ' || pondesk_array_text(onu.pppoe_ids))`;

export class OnuSearch1795484579911 implements MigrationInterface {
  name = 'OnuSearch1795484579911';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "onu" ADD "pppoe_manual" boolean NOT NULL DEFAULT false`);
    // Substring search over 100,000 ONUs stays fast only with a trigram index on the very expression
    // the queries use; array_to_string is not immutable, so an index needs this wrapper.
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(
      `CREATE FUNCTION pondesk_array_text(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(array_to_string($1, ' '), '') $$`,
    );
    await queryRunner.query(
      `CREATE INDEX "onu_search_trgm_idx" ON "onu" USING gin ((${ONU_SEARCH_INDEX_EXPR}) gin_trgm_ops)`,
    );
    await queryRunner.query(`CREATE INDEX "onu_pppoe_ids_idx" ON "onu" USING gin ("pppoe_ids")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "onu_pppoe_ids_idx"`);
    await queryRunner.query(`DROP INDEX "onu_search_trgm_idx"`);
    await queryRunner.query(`DROP FUNCTION pondesk_array_text(text[])`);
    await queryRunner.query(`ALTER TABLE "onu" DROP COLUMN "pppoe_manual"`);
  }
}
