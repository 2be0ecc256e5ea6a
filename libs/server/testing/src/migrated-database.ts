import { migrateDatabase } from '@pondesk/server-database';
import { createDatabase, dropDatabase, freshDatabaseName } from './test-database';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A migrated database of its own. One database is one installation: a worker schedules and polls every
 * OLT of its database, so two workers on two Redis servers over one database would poll each other's
 * OLTs and publish where nobody listens.
 */
export async function createMigratedDatabase(prefix = 'pondesk_it'): Promise<TestDatabase> {
  const name = freshDatabaseName(prefix);
  const url = await createDatabase(name);
  await migrateDatabase(url);
  return { name, url, drop: () => dropDatabase(name) };
}
