import type { MigrationInterface, QueryRunner } from 'typeorm';

const VENDOR = `(nullif(lower("vendor"), ''))`;
const DESCRIPTION = `(nullif(lower("description"), ''))`;

/** The indexes that move from `onu` to `onu_search`: their definitions on either table. */
const MOVED: { onu: string; search: string; columns: string; gin?: boolean }[] = [
  {
    onu: 'onu_sort_port_idx',
    search: 'onu_search_sort_port_idx',
    columns: `("tenant_id", "pon_port", "onu_id", "id")`,
  },
  {
    onu: 'onu_sort_onu_id_idx',
    search: 'onu_search_sort_onu_id_idx',
    columns: `("tenant_id", "onu_id", "id")`,
  },
  { onu: 'onu_tenant_status_idx', search: 'onu_search_status_idx', columns: `("tenant_id", "status", "id")` },
  {
    onu: 'onu_sort_vendor_idx',
    search: 'onu_search_sort_vendor_idx',
    columns: `("tenant_id", ${VENDOR}, "id") INCLUDE ("vendor")`,
  },
  {
    onu: 'onu_sort_vendor_desc_idx',
    search: 'onu_search_sort_vendor_desc_idx',
    columns: `("tenant_id", ${VENDOR} DESC NULLS LAST, "id") INCLUDE ("vendor")`,
  },
  {
    onu: 'onu_sort_description_idx',
    search: 'onu_search_sort_description_idx',
    columns: `("tenant_id", ${DESCRIPTION}, "id") INCLUDE ("description")`,
  },
  {
    onu: 'onu_sort_description_desc_idx',
    search: 'onu_search_sort_description_desc_idx',
    columns: `("tenant_id", ${DESCRIPTION} DESC NULLS LAST, "id") INCLUDE ("description")`,
  },
  {
    onu: 'onu_sort_distance_idx',
    search: 'onu_search_sort_distance_idx',
    columns: `("tenant_id", "distance_m", "id")`,
  },
  {
    onu: 'onu_sort_distance_desc_idx',
    search: 'onu_search_sort_distance_desc_idx',
    columns: `("tenant_id", "distance_m" DESC NULLS LAST, "id")`,
  },
  { onu: 'onu_mac_idx', search: 'onu_search_mac_idx', columns: `("tenant_id", "mac")` },
  { onu: 'onu_pppoe_ids_idx', search: 'onu_search_pppoe_ids_idx', columns: `("pppoe_ids")`, gin: true },
];

/** What `onu_search` holds of an ONU, in column order. */
const COLUMNS = [
  'id',
  'tenant_id',
  'olt_id',
  'pon_port',
  'status',
  'reason',
  'search_text',
  'onu_id',
  'vendor',
  'description',
  'distance_m',
  'mac',
  'pppoe_ids',
];

/**
 * `onu_search` also carries what the lists sort and filter on that seldom changes (port, ONU id, status,
 * vendor, description, distance, MAC, PPPoE ids), with those indexes, which leave `onu`. A poll rewrites
 * every ONU whose readings moved, and each rewrite added an entry to every index of `onu`: now that is
 * the primary key, the (OLT, port, ONU) key and the sorts on readings (signal, transmit power, last
 * seen), not nineteen indexes. The search table's row changes only when one of its own columns does.
 */
export class OnuListKeys1795730200000 implements MigrationInterface {
  name = 'OnuListKeys1795730200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Built anew rather than altered and filled in place, which would leave every row's old version behind.
    await queryRunner.query(`DROP TABLE "onu_search"`);
    await queryRunner.query(
      `CREATE TABLE "onu_search" (
         "id" uuid PRIMARY KEY,
         "tenant_id" uuid NOT NULL,
         "olt_id" uuid NOT NULL,
         "pon_port" integer NOT NULL,
         "status" varchar(10) NOT NULL,
         "reason" varchar(12),
         "search_text" text NOT NULL,
         "onu_id" integer NOT NULL,
         "vendor" varchar(64),
         "description" varchar(255),
         "distance_m" integer,
         "mac" varchar(17),
         "pppoe_ids" text[] NOT NULL DEFAULT '{}'
       )`,
    );
    await queryRunner.query(
      `INSERT INTO "onu_search" (${COLUMNS.join(', ')}) SELECT ${COLUMNS.join(', ')} FROM "onu"`,
    );
    await queryRunner.query(
      `CREATE INDEX "onu_search_olt_idx" ON "onu_search" ("tenant_id", "olt_id", "pon_port")`,
    );
    await queryRunner.query(
      `CREATE INDEX "onu_search_trgm_idx" ON "onu_search" USING gin ("search_text" gin_trgm_ops)`,
    );
    for (const m of MOVED) {
      await queryRunner.query(`DROP INDEX "${m.onu}"`);
      await queryRunner.query(
        `CREATE INDEX "${m.search}" ON "onu_search" ${m.gin ? 'USING gin ' : ''}${m.columns}`,
      );
    }
    // A list of offline ONUs (by reason) sorted on a reading gathers them here; polls rarely rewrite an
    // offline ONU (it has no readings), and online ones never enter this index.
    await queryRunner.query(
      `CREATE INDEX "onu_offline_idx" ON "onu" ("tenant_id", "reason") WHERE "status" = 'offline'`,
    );
    await this.triggers(queryRunner, COLUMNS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "onu_offline_idx"`);
    await this.triggers(queryRunner, COLUMNS.slice(0, 7));
    for (const m of MOVED) {
      await queryRunner.query(`DROP INDEX "${m.search}"`);
      await queryRunner.query(`CREATE INDEX "${m.onu}" ON "onu" ${m.gin ? 'USING gin ' : ''}${m.columns}`);
    }
    await queryRunner.query(
      `ALTER TABLE "onu_search" DROP "onu_id", DROP "vendor", DROP "description", DROP "distance_m", DROP "mac", DROP "pppoe_ids"`,
    );
  }

  /** The triggers of OnuSearchTable, copying `columns`, and rewriting the row when any of them changes. */
  private async triggers(queryRunner: QueryRunner, columns: string[]): Promise<void> {
    const list = columns.join(', ');
    const when = columns
      .filter((c) => c !== 'id')
      .map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`)
      .join(' OR ');
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION pondesk_onu_search_added() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO onu_search (${list}) SELECT ${list} FROM added;
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION pondesk_onu_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         UPDATE onu_search SET (${list}) = (${columns.map((c) => `NEW.${c}`).join(', ')}) WHERE id = OLD.id;
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(`DROP TRIGGER onu_search_changed ON onu`);
    await queryRunner.query(
      `CREATE TRIGGER onu_search_changed AFTER UPDATE ON onu FOR EACH ROW WHEN (${when})
       EXECUTE FUNCTION pondesk_onu_search_changed()`,
    );
  }
}
