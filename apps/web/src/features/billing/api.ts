import type {
  BillingCatalogue,
  CreateInvoiceRequest,
  ExpiryNotice,
  Invoice,
  InvoiceList,
  InvoiceQuery,
  BillingTargetRow,
  PackageKind,
  PaymentAttempt,
  PaymentStartResponse,
} from '@pondesk/contracts';
import { http } from '../../shared/http-client';
import type { BillingTarget } from './purchase';
import { targetFromBillingRow } from './targets';

const invoice = (id: string) => `/billing/invoices/${encodeURIComponent(id)}`;

export const fetchCatalogue = (signal?: AbortSignal) =>
  http<BillingCatalogue>('/billing/catalogue', { signal });

export const fetchInvoices = (query: InvoiceQuery, signal?: AbortSignal) =>
  http<InvoiceList>('/billing/invoices', { query: { ...query }, signal });

export const fetchInvoice = (id: string, signal?: AbortSignal) => http<Invoice>(invoice(id), { signal });

/** Pay Later, and the first step of Pay Now. */
export const createInvoice = (body: CreateInvoiceRequest) =>
  http<Invoice>('/billing/invoices', { method: 'POST', body });

/** bKash create: where to send the browser. 503 without bKash credentials, 502 when bKash refused. */
export const startPayment = (invoiceId: string) =>
  http<PaymentStartResponse>(`${invoice(invoiceId)}/pay`, { method: 'POST' });

export const fetchPaymentAttempt = (id: string, signal?: AbortSignal) =>
  http<PaymentAttempt>(`/billing/payments/${encodeURIComponent(id)}`, { signal });

export const fetchExpiryNotices = (signal?: AbortSignal) =>
  http<ExpiryNotice[]>('/billing/expiry-notices', { signal });

/**
 * The devices a package of `kind` can be bought for: the OLTs (2001 or 2006; the user's permitted ones) or
 * switches (2001 or 2004), as the server lists them for billing — a user with only 2001 can buy too.
 */
export async function fetchBillingTargets(kind: PackageKind, signal?: AbortSignal): Promise<BillingTarget[]> {
  const rows = await http<BillingTargetRow[]>('/billing/targets', { query: { kind }, signal });
  return rows.map(targetFromBillingRow);
}
