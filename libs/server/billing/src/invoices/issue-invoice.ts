import type { EntityManager } from 'typeorm';
import { billingDay, UUID_PATTERN, type BillingTargetType } from '@pondesk/contracts';
import { BillingCycleEntity, BillingPackageEntity, InvoiceEntity } from '@pondesk/server-database';
import { InvoiceError, InvoiceErrorCode } from './invoice-errors';

export interface IssueInvoiceInput {
  tenantId: string;
  /** Who issued it (null: the system). */
  userId: string | null;
  packageId: string;
  cycleId: string;
  targetType: BillingTargetType;
  targetId: string;
}

/** The device an invoice renews, as billing needs it. */
export interface BillingTarget {
  id: string;
  name: string;
  /** YYYY-MM-DD, or null when never billed. */
  expiresOn: string | null;
}

const TARGET_TABLES: Record<BillingTargetType, string> = { olt: 'olt', switch: 'switch' };

/** A visible (`show`) OLT or switch of the tenant, or null. */
export async function findBillingTarget(
  manager: EntityManager,
  tenantId: string,
  targetType: BillingTargetType,
  targetId: string,
): Promise<BillingTarget | null> {
  if (!UUID_PATTERN.test(targetId)) return null;
  const rows: { id: string; name: string; expires_on: string | null }[] = await manager.query(
    `SELECT id, name, expires_on::text AS expires_on FROM ${TARGET_TABLES[targetType]}
      WHERE id = $1 AND tenant_id = $2 AND show`,
    [targetId, tenantId],
  );
  const row = rows[0];
  return row ? { id: row.id, name: row.name, expiresOn: row.expires_on } : null;
}

/**
 * Issues a due invoice in the caller's transaction: the package must be offered (active) for the target's
 * kind, the cycle offered, the target a visible device of the tenant. The number comes from the tenant's
 * counter, bumped in this same transaction: a rollback takes the number back, so numbers have no gaps.
 */
export async function issueInvoice(
  manager: EntityManager,
  input: IssueInvoiceInput,
  today: string = billingDay(),
): Promise<InvoiceEntity> {
  const pkg = UUID_PATTERN.test(input.packageId)
    ? await manager.findOne(BillingPackageEntity, { where: { id: input.packageId, active: true } })
    : null;
  if (!pkg)
    throw new InvoiceError(InvoiceErrorCode.PACKAGE_NOT_FOUND, 'packageId', 'This package is not offered');
  if (pkg.kind !== input.targetType)
    throw new InvoiceError(
      InvoiceErrorCode.PACKAGE_WRONG_KIND,
      'packageId',
      input.targetType === 'olt'
        ? 'This package is not an OLT package'
        : 'This package is not a switch package',
    );
  const cycle = UUID_PATTERN.test(input.cycleId)
    ? await manager.findOne(BillingCycleEntity, { where: { id: input.cycleId, active: true } })
    : null;
  if (!cycle)
    throw new InvoiceError(InvoiceErrorCode.CYCLE_NOT_FOUND, 'cycleId', 'This billing cycle is not offered');
  const target = await findBillingTarget(manager, input.tenantId, input.targetType, input.targetId);
  if (!target)
    throw new InvoiceError(
      InvoiceErrorCode.TARGET_NOT_FOUND,
      'targetId',
      input.targetType === 'olt' ? 'OLT not found' : 'Switch not found',
    );
  const [{ last_number: number }]: { last_number: number }[] = await manager.query(
    `INSERT INTO invoice_sequence (tenant_id, last_number) VALUES ($1, 1)
     ON CONFLICT (tenant_id) DO UPDATE SET last_number = invoice_sequence.last_number + 1
     RETURNING last_number`,
    [input.tenantId],
  );
  const repo = manager.getRepository(InvoiceEntity);
  return repo.save(
    repo.create({
      tenantId: input.tenantId,
      number,
      invoiceNo: invoiceNoOf(number),
      status: 'due',
      packageId: pkg.id,
      packageName: pkg.name,
      months: cycle.months,
      monthlyPricePoisha: pkg.monthlyPricePoisha,
      discountPoisha: 0,
      amountPoisha: cycle.months * pkg.monthlyPricePoisha,
      targetType: input.targetType,
      targetId: target.id,
      targetName: target.name.slice(0, 120),
      issuedOn: today,
      issuedBy: input.userId,
      paymentMethod: null,
      paidAt: null,
      trxId: null,
      periodFrom: null,
      periodTo: null,
      cancelledAt: null,
      cancelReason: null,
    }),
  );
}

/** 42 → 'INV-000042'. */
export function invoiceNoOf(number: number): string {
  return `INV-${String(number).padStart(6, '0')}`;
}
