import { Client } from 'pg';
import { createDataSource } from './data-source';

/** Creates the database named in `url` when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<boolean> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    return true;
  } finally {
    await client.end();
  }
}

/** Runs every pending migration; returns the names it applied. */
export async function migrateDatabase(url: string): Promise<string[]> {
  await ensureDatabase(url);
  const dataSource = createDataSource(url);
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await dataSource.destroy();
  }
}

/** SQL that would bring the schema in line with the entities; empty when migrations match them. */
export async function pendingSchemaChanges(url: string): Promise<string[]> {
  const dataSource = createDataSource(url);
  await dataSource.initialize();
  try {
    const sql = await dataSource.driver.createSchemaBuilder().log();
    return sql.upQueries.map((q) => q.query);
  } finally {
    await dataSource.destroy();
  }
}
