import { applyDotenvFile } from '@pondesk/server-config';
import { migrateDatabase } from '@pondesk/server-database';

async function main(): Promise<void> {
  applyDotenvFile();
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write('Invalid configuration: DATABASE_URL is required\n');
    process.exit(1);
  }
  const applied = await migrateDatabase(url);
  const where = new URL(url);
  process.stdout.write(
    applied.length
      ? `Applied ${applied.length} migration(s) to ${where.pathname.slice(1)}: ${applied.join(', ')}\n`
      : `Database ${where.pathname.slice(1)} is up to date\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
