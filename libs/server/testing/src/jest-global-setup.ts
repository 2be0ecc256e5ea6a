import { createDatabase, freshDatabaseName } from './test-database';
// Jest loads global setup without its module mapper, hence the relative path.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { migrateDatabase } from '../../database/src/migrate';

/** One fresh database per test run, migrated; its URL reaches every test worker through the env. */
export default async function globalSetup(): Promise<void> {
  const name = freshDatabaseName();
  const url = await createDatabase(name);
  await migrateDatabase(url);
  process.env.PONDESK_TEST_DB = name;
  process.env.DATABASE_URL = url;
}
