import type { DataSource } from 'typeorm';

/**
 * Makes sure the catalogue offers an active OLT package of each name (Add OLT takes a package by id or by
 * its name). Packages are the platform's, shared by every tenant of the database; an existing active one of
 * the same name is left as it is.
 */
export async function offerOltPackages(db: DataSource, names: string[]): Promise<void> {
  for (const name of names)
    await db.query(
      `INSERT INTO billing_package (kind, name, port_count, olt_modes, description, monthly_price_poisha)
       SELECT 'olt', $1::varchar, 4, 'EPON', 'Offered for tests', 100000
        WHERE NOT EXISTS (SELECT 1 FROM billing_package WHERE kind = 'olt' AND active AND lower(name) = lower($1))`,
      [name],
    );
}
