import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export const TEST_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrlFor(name: string, base = TEST_ADMIN_URL): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export function freshDatabaseName(prefix = 'pondesk_test'): string {
  return `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
}

async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(name: string): Promise<string> {
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
  return databaseUrlFor(name);
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
