import { createMigratedDatabase } from './migrated-database';

/** One fresh database per test run, migrated; its URL reaches every test worker through the env. */
export default async function globalSetup(): Promise<void> {
  const database = await createMigratedDatabase('pondesk_test');
  process.env.PONDESK_TEST_DB = database.name;
  process.env.DATABASE_URL = database.url;
}
