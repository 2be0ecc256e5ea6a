import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { applyDotenvFile } from '@pondesk/server-config';
import { migrateDatabase, createDataSource } from '@pondesk/server-database';

/** Writes a migration holding the SQL that brings the migrated schema in line with the entities. */
async function main(): Promise<void> {
  applyDotenvFile();
  const name = process.argv[2];
  if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
    process.stderr.write('Usage: npm run db:generate -- <PascalCaseName>\n');
    process.exit(1);
  }
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pondesk_migration_scratch';
  await migrateDatabase(url);
  const ds = createDataSource(url);
  await ds.initialize();
  const log = await ds.driver.createSchemaBuilder().log();
  await ds.destroy();
  if (!log.upQueries.length) {
    process.stdout.write('No changes: the entities match the migrations.\n');
    return;
  }
  const ts = Date.now();
  const esc = (q: string) => q.replace(/\\/g, '\\\\').replace(/`/g, '\\`');
  const up = log.upQueries.map((q) => `    await queryRunner.query(\`${esc(q.query)}\`);`).join('\n');
  const down = log.downQueries
    .reverse()
    .map((q) => `    await queryRunner.query(\`${esc(q.query)}\`);`)
    .join('\n');
  const file = resolve(
    __dirname.includes('dist') ? process.cwd() : resolve(__dirname, '../..'),
    `libs/server/database/src/migrations/${ts}-${name}.ts`,
  );
  writeFileSync(
    file,
    `import type { MigrationInterface, QueryRunner } from 'typeorm';\n\nexport class ${name}${ts} implements MigrationInterface {\n  name = '${name}${ts}';\n\n  async up(queryRunner: QueryRunner): Promise<void> {\n${up}\n  }\n\n  async down(queryRunner: QueryRunner): Promise<void> {\n${down}\n  }\n}\n`,
  );
  process.stdout.write(`Wrote ${file}\nAdd ${name}${ts} to libs/server/database/src/migrations/index.ts\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
