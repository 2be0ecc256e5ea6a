import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';

/** The statement names given so far, by their SQL text. */
const names = new Map<string, string>();
/** More distinct texts than this and new ones run unprepared: each name lives on every pooled connection. */
const MAX_NAMES = 256;

interface PgPool {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a read on the data source's pool as a named prepared statement: each connection parses and plans
 * the text once and then only binds the values. Meant for the few statements every request runs (the
 * session behind a token, the OLTs a user sees), whose planning costs more than their execution. The
 * text must be built from fixed pieces, never from values (those go in `values`).
 */
export async function preparedQuery<T>(db: DataSource, text: string, values: unknown[]): Promise<T[]> {
  const pool = (db.driver as unknown as { master?: PgPool }).master;
  if (!pool) return db.query(text, values);
  let name = names.get(text);
  if (!name && names.size < MAX_NAMES) {
    name = `pd_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  const result = await pool.query(name ? { name, text, values } : { text, values });
  return result.rows as T[];
}
