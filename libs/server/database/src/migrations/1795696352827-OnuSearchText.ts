import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ONU_SEARCH_INDEX_EXPR } from './1795484579911-OnuSearch';

/**
 * The search text becomes a stored generated column with the trigram index on it. A broad search
 * (thousands of matches) used to build the string again for every candidate row to recheck the index's
 * answer and to count the matches; now it reads the stored string.
 */
export class OnuSearchText1795696352827 implements MigrationInterface {
  name = 'OnuSearchText1795696352827';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "onu" ADD "search_text" text GENERATED ALWAYS AS (${ONU_SEARCH_INDEX_EXPR}) STORED NOT NULL`,
    );
    // TypeORM reads a generated column's expression from its metadata table, keyed by database name.
    await queryRunner.query(
      `INSERT INTO "typeorm_metadata"("database", "schema", "table", "type", "name", "value")
       VALUES (current_database(), 'public', 'onu', 'GENERATED_COLUMN', 'search_text', $1)`,
      [ONU_SEARCH_INDEX_EXPR],
    );
    await queryRunner.query(
      `CREATE INDEX "onu_search_text_trgm_idx" ON "onu" USING gin ("search_text" gin_trgm_ops)`,
    );
    await queryRunner.query(`DROP INDEX "onu_search_trgm_idx"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "onu_search_trgm_idx" ON "onu" USING gin ((${ONU_SEARCH_INDEX_EXPR}) gin_trgm_ops)`,
    );
    await queryRunner.query(`DROP INDEX "onu_search_text_trgm_idx"`);
    await queryRunner.query(
      `DELETE FROM "typeorm_metadata" WHERE "type" = 'GENERATED_COLUMN' AND "database" = current_database() AND "schema" = 'public' AND "table" = 'onu' AND "name" = 'search_text'`,
    );
    await queryRunner.query(`ALTER TABLE "onu" DROP COLUMN "search_text"`);
  }
}
