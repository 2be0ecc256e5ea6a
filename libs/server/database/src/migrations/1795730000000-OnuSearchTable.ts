import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The search box's own narrow table, `onu_search`: an ONU's tenant, OLT, port, status, reason and search
 * text, kept by triggers on `onu`, with the trigram index that used to sit on `onu`.
 *
 * - Counting a broad search (thousands of matches) reads every candidate's search text: from this table's
 *   small rows instead of the wide ONU rows, whose last column it is.
 * - A poll rewrites every ONU whose readings moved, and each rewrite of an `onu` row added the row's
 *   trigrams to the index again. Here a row changes only when its search text, OLT or port does (a status
 *   or reason change, an edited description), which a poll seldom brings.
 */
export class OnuSearchTable1795730000000 implements MigrationInterface {
  name = 'OnuSearchTable1795730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "onu_search" (
         "id" uuid PRIMARY KEY,
         "tenant_id" uuid NOT NULL,
         "olt_id" uuid NOT NULL,
         "pon_port" integer NOT NULL,
         "status" varchar(10) NOT NULL,
         "reason" varchar(12),
         "search_text" text NOT NULL
       )`,
    );
    await queryRunner.query(
      `INSERT INTO "onu_search" SELECT "id", "tenant_id", "olt_id", "pon_port", "status", "reason", "search_text" FROM "onu"`,
    );
    await queryRunner.query(
      `CREATE INDEX "onu_search_olt_idx" ON "onu_search" ("tenant_id", "olt_id", "pon_port")`,
    );
    await queryRunner.query(
      `CREATE INDEX "onu_search_trgm_idx" ON "onu_search" USING gin ("search_text" gin_trgm_ops)`,
    );
    await queryRunner.query(`DROP INDEX "onu_search_text_trgm_idx"`);

    // New ONUs and gone ones come by the thousand (a first poll, an OLT deleted): one statement each.
    await queryRunner.query(
      `CREATE FUNCTION pondesk_onu_search_added() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO onu_search (id, tenant_id, olt_id, pon_port, status, reason, search_text)
           SELECT id, tenant_id, olt_id, pon_port, status, reason, search_text FROM added;
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER onu_search_added AFTER INSERT ON onu REFERENCING NEW TABLE AS added
       FOR EACH STATEMENT EXECUTE FUNCTION pondesk_onu_search_added()`,
    );
    await queryRunner.query(
      `CREATE FUNCTION pondesk_onu_search_gone() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         DELETE FROM onu_search s USING gone WHERE s.id = gone.id;
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER onu_search_gone AFTER DELETE ON onu REFERENCING OLD TABLE AS gone
       FOR EACH STATEMENT EXECUTE FUNCTION pondesk_onu_search_gone()`,
    );
    // A rewrite touches the search row only when what it holds changed (the search text holds the status
    // and reason): most of a poll's rewrites (signal, last seen) never call the function.
    await queryRunner.query(
      `CREATE FUNCTION pondesk_onu_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         UPDATE onu_search SET tenant_id = NEW.tenant_id, olt_id = NEW.olt_id, pon_port = NEW.pon_port,
           status = NEW.status, reason = NEW.reason, search_text = NEW.search_text
         WHERE id = NEW.id;
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER onu_search_changed AFTER UPDATE ON onu FOR EACH ROW
       WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.olt_id IS DISTINCT FROM NEW.olt_id
         OR OLD.pon_port IS DISTINCT FROM NEW.pon_port OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id)
       EXECUTE FUNCTION pondesk_onu_search_changed()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER onu_search_changed ON onu`);
    await queryRunner.query(`DROP TRIGGER onu_search_gone ON onu`);
    await queryRunner.query(`DROP TRIGGER onu_search_added ON onu`);
    await queryRunner.query(`DROP FUNCTION pondesk_onu_search_changed()`);
    await queryRunner.query(`DROP FUNCTION pondesk_onu_search_gone()`);
    await queryRunner.query(`DROP FUNCTION pondesk_onu_search_added()`);
    await queryRunner.query(
      `CREATE INDEX "onu_search_text_trgm_idx" ON "onu" USING gin ("search_text" gin_trgm_ops)`,
    );
    await queryRunner.query(`DROP TABLE "onu_search"`);
  }
}
