import type { Invoice } from '@pondesk/contracts';
import { formatBillingDay, formatBillingInstant, formatMonths, formatTk, TARGET_LABEL } from './format';
import { STATUS_LOOK } from './invoices';

/** Who the invoice is addressed to: the ISP, from the signed-in user's profile. */
export interface BillTo {
  name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
}

/** The printable invoice, as text: the popup and the PDF both lay out this one sheet. */
export interface InvoiceSheet {
  title: string;
  invoiceNo: string;
  status: string;
  /** The platform's company, which receives the payment. */
  from: string[];
  billTo: string[];
  details: [string, string][];
  item: { description: string; device: string; months: string; price: string; amount: string };
  totals: [string, string][];
}

export function invoiceSheet(invoice: Invoice, billTo: BillTo): InvoiceSheet {
  const paid = invoice.status === 'paid';
  const subtotal = invoice.monthlyPricePoisha * invoice.months;
  const details: [string, string][] = [
    ['Invoice No', invoice.invoiceNo],
    ['Issued On', formatBillingDay(invoice.issuedOn)],
    ['Status', STATUS_LOOK[invoice.status].label],
  ];
  if (paid) {
    details.push(['Paid On', formatBillingInstant(invoice.paidAt)]);
    if (invoice.paymentMethod) details.push(['Payment Method', invoice.paymentMethod]);
    if (invoice.trxId) details.push(['Transaction ID', invoice.trxId]);
    if (invoice.periodFrom && invoice.periodTo)
      details.push([
        'Period',
        `${formatBillingDay(invoice.periodFrom)} to ${formatBillingDay(invoice.periodTo)}`,
      ]);
  } else if (invoice.status === 'due') {
    details.push(['Expiry If Paid Today', formatBillingDay(invoice.expiresOnIfPaidToday)]);
  }
  const totals: [string, string][] = [['Subtotal', formatTk(subtotal)]];
  if (invoice.discountPoisha > 0) totals.push(['Discount', `- ${formatTk(invoice.discountPoisha)}`]);
  totals.push([paid ? 'Amount Paid' : 'Amount Due', formatTk(invoice.amountPoisha)]);
  const to = [billTo.name, billTo.address, billTo.phone, billTo.email].filter(
    (line): line is string => !!line?.trim(),
  );
  return {
    title: 'INVOICE',
    invoiceNo: invoice.invoiceNo,
    status: STATUS_LOOK[invoice.status].label,
    from: [invoice.paymentReceiver],
    billTo: to.length ? to : ['—'],
    details,
    item: {
      description: `${invoice.packageName} package`,
      device: `${TARGET_LABEL[invoice.targetType]} ${invoice.targetName}`,
      months: formatMonths(invoice.months),
      price: `${formatTk(invoice.monthlyPricePoisha)} / month`,
      amount: formatTk(subtotal),
    },
    totals,
  };
}

/** The item table's column headings. */
export const ITEM_HEADINGS = ['Description', 'Months', 'Price', 'Amount'] as const;

/** Every text the PDF writes, in order (what a reader or a search of the file finds). */
export function invoicePdfLines(sheet: InvoiceSheet): string[] {
  return [
    sheet.title,
    sheet.invoiceNo,
    sheet.status,
    'From',
    ...sheet.from,
    'Bill To',
    ...sheet.billTo,
    ...sheet.details.map(([label, value]) => `${label}: ${value}`),
    ...ITEM_HEADINGS,
    sheet.item.description,
    sheet.item.device,
    sheet.item.months,
    sheet.item.price,
    sheet.item.amount,
    ...sheet.totals.flatMap(([label, value]) => [label, value]),
    'Thank you for your business.',
  ];
}
