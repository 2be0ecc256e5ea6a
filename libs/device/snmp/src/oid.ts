/** OID helpers on dotted strings (no leading dot). */

export function normalizeOid(oid: string): string {
  return oid.startsWith('.') ? oid.slice(1) : oid;
}

/** True when `oid` lies strictly below `root`. */
export function isUnder(oid: string, root: string): boolean {
  return oid.length > root.length && oid.charCodeAt(root.length) === 46 && oid.startsWith(root);
}

/** The index part of `oid` below `root` (`1.3.6.1.2.1.2.2.1.2.8` under `…1.2` → `8`). */
export function indexOf(oid: string, root: string): string {
  return oid.slice(root.length + 1);
}

/**
 * Numeric lexicographic comparison: -1, 0, 1. `from`: where both start to differ, when they share a
 * prefix up to there (the arcs after a common root and its dot): a walk compares every varbind it gets.
 */
export function compareOids(a: string, b: string, from = 0): number {
  if (a === b) return 0;
  let i = from;
  let j = from;
  const la = a.length;
  const lb = b.length;
  while (i < la && j < lb) {
    let na = 0;
    while (i < la && a.charCodeAt(i) !== 46) na = na * 10 + (a.charCodeAt(i++) - 48);
    let nb = 0;
    while (j < lb && b.charCodeAt(j) !== 46) nb = nb * 10 + (b.charCodeAt(j++) - 48);
    if (na !== nb) return na < nb ? -1 : 1;
    i++;
    j++;
  }
  if (i >= la && j >= lb) return 0;
  return i >= la ? -1 : 1;
}
