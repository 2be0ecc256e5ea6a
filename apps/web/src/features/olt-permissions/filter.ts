/** Each OLT list has its own search box filtering by OLT name, case-insensitive (spec 3 §2.3). */
export function filterByName<T extends { name: string }>(rows: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  return needle ? rows.filter((r) => r.name.toLowerCase().includes(needle)) : [...rows];
}
