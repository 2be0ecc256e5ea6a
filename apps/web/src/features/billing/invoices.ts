import type { Invoice, InvoiceFilter, InvoiceQuery, InvoiceStatus } from '@pondesk/contracts';
import { formatBillingDay, formatMonths, formatTk, TARGET_LABEL } from './format';

/** The invoice card pages on the server, ten rows at a time. */
export const INVOICE_PAGE_SIZE = 10;

export const INVOICE_FILTER_LABEL: Record<InvoiceFilter, string> = { all: 'All', paid: 'Paid', due: 'Due' };

/** The card's filter and page as the API's query. */
export function invoiceQuery(filter: InvoiceFilter, page: number): InvoiceQuery {
  return { status: filter, page: Math.max(1, Math.trunc(page) || 1), pageSize: INVOICE_PAGE_SIZE };
}

export const invoicePages = (total: number): number => Math.max(1, Math.ceil(total / INVOICE_PAGE_SIZE));

/** What the card says when a filter has no invoices. */
export const EMPTY_INVOICES: Record<InvoiceFilter, string> = {
  all: 'No invoices yet. Invoices appear here when you buy or renew a package.',
  paid: 'No paid invoices yet.',
  due: 'Nothing is due. All invoices are paid.',
};

export const STATUS_LOOK: Record<InvoiceStatus, { label: string; color: 'success' | 'warning' | 'default' }> =
  {
    paid: { label: 'Paid', color: 'success' },
    due: { label: 'Unpaid', color: 'warning' },
    cancelled: { label: 'Cancelled', color: 'default' },
  };

/** The expiry an invoice stands for: the period credited once paid, else what paying today would give. */
export const invoiceExpiry = (invoice: Invoice): string =>
  invoice.status === 'paid' && invoice.periodTo ? invoice.periodTo : invoice.expiresOnIfPaidToday;

/** One row of the invoice card, as text. */
export function invoiceRow(invoice: Invoice) {
  return {
    receiver: invoice.paymentReceiver,
    status: STATUS_LOOK[invoice.status].label,
    invoiceNo: invoice.invoiceNo,
    months: formatMonths(invoice.months),
    expiry: formatBillingDay(invoiceExpiry(invoice)),
    amount: formatTk(invoice.amountPoisha),
    device: `${TARGET_LABEL[invoice.targetType]} ${invoice.targetName}`,
    payable: invoice.status === 'due',
  };
}
