import type { EntityManager } from 'typeorm';
import { billingDay, extendExpiry, type Invoice } from '@pondesk/contracts';
import { PlatformSettingEntity, type InvoiceEntity } from '@pondesk/server-database';

/** The receiver printed on invoices when the platform has not named its company. */
export const DEFAULT_PAYMENT_RECEIVER = 'PonDesk';

/** The platform's company name (platform setting 'company'), the receiver of every payment. */
export async function paymentReceiver(manager: EntityManager): Promise<string> {
  const row = await manager.findOne(PlatformSettingEntity, { where: { key: 'company' } });
  const name = row?.value?.companyName;
  return typeof name === 'string' && name.trim() ? name.trim() : DEFAULT_PAYMENT_RECEIVER;
}

export interface InvoiceContext {
  paymentReceiver: string;
  /** The renewed device's current expiry (null: never billed, or the device is gone). */
  targetExpiresOn: string | null;
  /** Today's billing day; `billingDay()` when left out. */
  today?: string;
}

/** pg gives `timestamptz` as a Date; a `date` column may come as a Date too, depending on the driver setup. */
function dayText(value: string | Date | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value.slice(0, 10) : billingDayOfLocalDate(value);
}

/** A `date` parsed by pg as local midnight: its local calendar day. */
function billingDayOfLocalDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The contract view of an invoice. Its 'expiry' is what paying today would give the device; once paid, the
 * period actually credited.
 */
export function toInvoice(row: InvoiceEntity, context: InvoiceContext): Invoice {
  const periodTo = dayText(row.periodTo);
  const today = context.today ?? billingDay();
  return {
    id: row.id,
    number: row.number,
    invoiceNo: row.invoiceNo,
    status: row.status,
    paymentReceiver: context.paymentReceiver,
    paymentMethod: row.paymentMethod,
    packageId: row.packageId,
    packageName: row.packageName,
    months: row.months,
    monthlyPricePoisha: row.monthlyPricePoisha,
    amountPoisha: row.amountPoisha,
    discountPoisha: row.discountPoisha,
    targetType: row.targetType,
    targetId: row.targetId,
    targetName: row.targetName,
    expiresOnIfPaidToday:
      row.status === 'paid' && periodTo
        ? periodTo
        : extendExpiry(context.targetExpiresOn, today, row.months).to,
    periodFrom: dayText(row.periodFrom),
    periodTo,
    issuedOn: dayText(row.issuedOn) ?? today,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    trxId: row.trxId,
    issuedBy: row.issuedBy,
  };
}
