import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The 19 permission codes of the specs as menus. Kept literal (not imported from the contracts) so
 * the migration stays what it was when it ran; `administration.integration-spec.ts` checks both agree.
 */
const MENUS: [number, string][] = [
  [2000, 'Admin'],
  [2001, 'Package List'],
  [2002, 'Log List'],
  [2003, 'Olt Port'],
  [2004, 'Switch List'],
  [2005, 'Share'],
  [2006, 'Olt List'],
  [2007, 'Olt Data Port'],
  [2008, 'Dashboard'],
  [2009, 'Dashboard Switch List'],
  [2010, 'Port Clear'],
  [2011, 'Pop Log'],
  [2012, 'Ping'],
  [2013, 'Pop Area'],
  [2014, 'Pop Monitor'],
  [2015, 'Pop List'],
  [2016, 'Service'],
  [2020, 'Onu Down Scanner'],
  [2021, 'Onu Down Count'],
];

export class SeedMenus1795417699349 implements MigrationInterface {
  name = 'SeedMenus1795417699349';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [code, name] of MENUS) {
      await queryRunner.query(
        `INSERT INTO "menu" ("code", "name", "active") VALUES ($1, $2, true) ON CONFLICT ("code") DO UPDATE SET "name" = EXCLUDED."name"`,
        [code, name],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "menu" WHERE "code" = ANY($1)`, [MENUS.map(([code]) => code)]);
  }
}
