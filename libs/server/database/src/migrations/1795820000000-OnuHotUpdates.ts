import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Room on the ONU table's pages for in-place (HOT) updates. A poll rewrites an ONU's row for a new signal
 * sample without touching any indexed column, and Postgres can then keep the new version on the same page
 * with no new index entries, but only when the page has room: at the default fill of 100 % the first such
 * write moves the row to another page and adds an entry to each of the table's indexes. Pages written from
 * now on keep a tenth free; existing pages gain room as rows on them are rewritten and vacuumed.
 */
export class OnuHotUpdates1795820000000 implements MigrationInterface {
  name = 'OnuHotUpdates1795820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "onu" SET (fillfactor = 90)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "onu" RESET (fillfactor)`);
  }
}
