import type { EntityManager } from 'typeorm';
import { UUID_PATTERN, type PackageKind } from '@pondesk/contracts';
import { BillingCycleEntity, BillingPackageEntity } from '@pondesk/server-database';

/**
 * An offered (active) package of this kind, named by its id or, for forms and scripts that send the name
 * shown on the card, by its name (case-insensitive; the first in catalogue order when names repeat).
 */
export async function findOfferedPackage(
  manager: EntityManager,
  kind: PackageKind,
  idOrName: string,
): Promise<BillingPackageEntity | null> {
  const ref = idOrName.trim();
  if (!ref) return null;
  const qb = manager
    .getRepository(BillingPackageEntity)
    .createQueryBuilder('p')
    .where('p.kind = :kind AND p.active', { kind });
  if (UUID_PATTERN.test(ref)) qb.andWhere('p.id = :ref', { ref });
  else qb.andWhere('lower(p.name) = lower(:ref)', { ref });
  return qb.orderBy('p.sortOrder', 'ASC').addOrderBy('p.name', 'ASC').addOrderBy('p.id', 'ASC').getOne();
}

/** The offered (active) cycle of this many months, or null. */
export function findOfferedCycle(manager: EntityManager, months: number): Promise<BillingCycleEntity | null> {
  return manager.findOne(BillingCycleEntity, { where: { months, active: true } });
}

/** The months of every offered cycle, ascending (for messages that list the choices). */
export async function offeredMonths(manager: EntityManager): Promise<number[]> {
  const cycles = await manager.find(BillingCycleEntity, {
    where: { active: true },
    order: { months: 'ASC' },
  });
  return cycles.map((c) => c.months);
}
