import type { EntityManager } from 'typeorm';

/**
 * The most rows a full list (servers, POPs, power sources, services) returns: the spec shows them
 * unpaged, so this only bounds an answer that has grown past any real ISP's.
 */
export const MONITOR_LIST_CAP = 5000;

/**
 * Serialises writes of one kind of row within one tenant until the transaction ends, so a uniqueness
 * check (case-insensitive names, addresses) and the write it guards cannot interleave with another's.
 */
export async function lockTenantRows(m: EntityManager, kind: string, tenantId: string): Promise<void> {
  await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`monitor:${kind}:${tenantId}`]);
}

/** A share of 0–100 with one decimal. */
export const percent = (part: number, whole: number): number =>
  whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0;

export const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);
