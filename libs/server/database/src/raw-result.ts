/**
 * What TypeORM's `query()` gives for Postgres: the rows of a SELECT, but `[rows, count]` for an UPDATE or
 * DELETE (with or without RETURNING). These read both shapes, so callers need not know which they got.
 */

/** The rows of a query: those of `[rows, count]`, or the result itself when it is the rows. */
export function returnedRows<T>(result: unknown): T[] {
  if (isRowsAndCount(result)) return result[0] as T[];
  return Array.isArray(result) ? (result as T[]) : [];
}

/** How many rows an UPDATE or DELETE touched; 0 when the result carries no count. */
export function affectedCount(result: unknown): number {
  return isRowsAndCount(result) ? result[1] : 0;
}

function isRowsAndCount(result: unknown): result is [unknown[], number] {
  return (
    Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number'
  );
}
