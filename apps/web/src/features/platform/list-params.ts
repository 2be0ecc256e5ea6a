import {
  BILLING_REASON_MAX,
  BILLING_REASON_PATTERN,
  INVOICE_STATUSES,
  PAYMENT_STATES,
  type InvoiceStatus,
  type PaymentAttempt,
  type PaymentAttemptQuery,
  type PaymentState,
  type PlatformInvoiceQuery,
} from '@pondesk/contracts';

// ---------- tabs (`?tab=…`; the first tab's address is the bare route) ----------

export const CATALOGUE_TABS = ['packages', 'cycles'] as const;
export const PAYMENT_TABS = ['payments', 'invoices'] as const;
export const CONTENT_TABS = ['support', 'terms', 'company', 'products', 'events'] as const;

export type CatalogueTab = (typeof CATALOGUE_TABS)[number];
export type PaymentTab = (typeof PAYMENT_TABS)[number];
export type ContentTab = (typeof CONTENT_TABS)[number];

export const TAB_LABELS: Record<CatalogueTab | PaymentTab | ContentTab, string> = {
  packages: 'Packages',
  cycles: 'Billing cycles',
  payments: 'Payments',
  invoices: 'Invoices',
  support: 'Support',
  terms: 'Terms',
  company: 'Company links',
  products: 'Other services',
  events: 'Update events',
};

export function tabOf<T extends string>(qs: URLSearchParams, tabs: readonly T[]): T {
  const tab = qs.get('tab') as T | null;
  return tab && tabs.includes(tab) ? tab : tabs[0];
}

export const tabPath = <T extends string>(base: string, tabs: readonly T[], tab: T): string =>
  tab === tabs[0] ? base : `${base}?tab=${tab}`;

// ---------- payments ----------

export const PLATFORM_PAGE_SIZE = 20;
export const MAX_SEARCH_LENGTH = 100;

export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / PLATFORM_PAGE_SIZE));

const pageOf = (qs: URLSearchParams): number => {
  const page = Number(qs.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

export interface PaymentParams {
  page: number;
  state: PaymentState | '';
  q: string;
}

export function parsePaymentParams(qs: URLSearchParams): PaymentParams {
  const state = qs.get('state') as PaymentState | null;
  return {
    page: pageOf(qs),
    state: state && PAYMENT_STATES.includes(state) ? state : '',
    q: (qs.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH),
  };
}

export function toPaymentSearchParams(p: PaymentParams): URLSearchParams {
  const qs = new URLSearchParams();
  if (p.state) qs.set('state', p.state);
  if (p.q) qs.set('q', p.q);
  if (p.page !== 1) qs.set('page', String(p.page));
  return qs;
}

/** A filter change starts again at page 1. */
export function updatePaymentParams(current: PaymentParams, change: Partial<PaymentParams>): PaymentParams {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

export const toPaymentQuery = (p: PaymentParams): PaymentAttemptQuery => ({
  page: p.page,
  pageSize: PLATFORM_PAGE_SIZE,
  state: p.state || undefined,
  search: p.q.trim() || undefined,
});

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  created: 'Created',
  redirected: 'At bKash',
  executing: 'Executing',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  unknown: 'Unknown',
  expired: 'Expired',
};

export type ChipColor = 'default' | 'success' | 'error' | 'warning' | 'info';

export const PAYMENT_STATE_COLORS: Record<PaymentState, ChipColor> = {
  created: 'default',
  redirected: 'info',
  executing: 'info',
  completed: 'success',
  failed: 'error',
  cancelled: 'default',
  unknown: 'warning',
  expired: 'default',
};

/** Only money that came in and has not gone back can be refunded. */
export const canRefund = (p: Pick<PaymentAttempt, 'state' | 'refundedAt'>): boolean =>
  p.state === 'completed' && !p.refundedAt;

// ---------- invoices ----------

export interface InvoiceParams {
  page: number;
  status: InvoiceStatus | '';
  /** A tenant's id (from a payment's row), or ''. */
  tenant: string;
  q: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseInvoiceParams(qs: URLSearchParams): InvoiceParams {
  const status = qs.get('status') as InvoiceStatus | null;
  const tenant = qs.get('tenant') ?? '';
  return {
    page: pageOf(qs),
    status: status && INVOICE_STATUSES.includes(status) ? status : '',
    tenant: UUID.test(tenant) ? tenant.toLowerCase() : '',
    q: (qs.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH),
  };
}

export function toInvoiceSearchParams(p: InvoiceParams): URLSearchParams {
  const qs = new URLSearchParams({ tab: 'invoices' });
  if (p.status) qs.set('status', p.status);
  if (p.tenant) qs.set('tenant', p.tenant);
  if (p.q) qs.set('q', p.q);
  if (p.page !== 1) qs.set('page', String(p.page));
  return qs;
}

export function updateInvoiceParams(current: InvoiceParams, change: Partial<InvoiceParams>): InvoiceParams {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

export const toInvoiceQuery = (p: InvoiceParams): PlatformInvoiceQuery => ({
  page: p.page,
  pageSize: PLATFORM_PAGE_SIZE,
  status: p.status || undefined,
  tenantId: p.tenant || undefined,
  search: p.q.trim() || undefined,
});

/** The invoices of one tenant (a payment row's tenant links here). */
export const tenantInvoicesPath = (tenantId: string): string =>
  `/platform/payments?${toInvoiceSearchParams({ page: 1, status: '', tenant: tenantId, q: '' }).toString()}`;

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  due: 'Due',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, ChipColor> = {
  due: 'warning',
  paid: 'success',
  cancelled: 'default',
};

// ---------- reasons (refund, cancel) ----------

export const REASON_MAX = BILLING_REASON_MAX;

/** The reason the record keeps (and bKash receives with a refund, which refuses <, > and &). */
export function reasonError(reason: string): string | undefined {
  const text = reason.trim();
  if (!text) return 'Please give a reason';
  if (text.length > REASON_MAX) return `At most ${REASON_MAX} characters`;
  return BILLING_REASON_PATTERN.test(text) ? undefined : 'The reason cannot contain <, > or &';
}
