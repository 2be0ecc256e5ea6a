import type { SortOrder } from '../../shared/ui/sortable-head';

/** A full list's order (spec 3 §5): none until a header is clicked. */
export interface TableSort<K extends string> {
  key: K | null;
  order: SortOrder;
}

export const UNSORTED = { key: null, order: 'asc' } as const;

/** A header click: a new column sorts ascending, the same one again toggles the order. */
export function nextSort<K extends string>(current: TableSort<K>, key: K): TableSort<K> {
  return current.key === key
    ? { key, order: current.order === 'asc' ? 'desc' : 'asc' }
    : { key, order: 'asc' };
}

type Value = string | number | null | undefined;

/**
 * The rows in a column's order: numbers as numbers, text without case, and an empty value as an empty
 * string (first when ascending). Ties keep the list's order.
 */
export function sortRows<T, K extends string>(
  rows: readonly T[],
  sort: TableSort<K>,
  value: (row: T, key: K) => Value,
): T[] {
  const key = sort.key;
  if (key === null) return [...rows];
  const dir = sort.order === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, v: value(row, key) }));
  keyed.sort((a, b) => dir * compareValues(a.v, b.v));
  return keyed.map((k) => k.row);
}

function compareValues(a: Value, b: Value): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = a === null || a === undefined ? '' : String(a).toLowerCase();
  const y = b === null || b === undefined ? '' : String(b).toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}
