import type { PageQuery, Paged } from '../identity/types';

/**
 * Billing: the platform operator sells OLT and switch packages; an ISP (tenant) pays invoices with bKash.
 * Money is integer poisha everywhere (1 Tk = 100 poisha); dates are `YYYY-MM-DD` strings (the platform's
 * calendar day, Asia/Dhaka), shown as '28 Nov 2026' by the web.
 */

/** What a package pays for. OLT packages are the 'Our Packages' cards; switch packages renew switches. */
export const PACKAGE_KINDS = ['olt', 'switch'] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];

export interface BillingPackage {
  id: string;
  kind: PackageKind;
  name: string;
  /** How many PON ports (OLT) or ports (switch) the package covers. */
  portCount: number;
  /** e.g. 'GPON, EPON'; free text shown on the card. */
  oltModes: string;
  description: string;
  /** Price of one month, poisha. */
  monthlyPricePoisha: number;
  /** Inactive packages stay on old invoices but are no longer offered. */
  active: boolean;
  sortOrder: number;
}

export interface BillingPackageInput {
  kind: PackageKind;
  name: string;
  portCount: number;
  oltModes: string;
  description: string;
  monthlyPricePoisha: number;
  active: boolean;
  sortOrder: number;
}

/** One 'Select Month' choice. */
export interface BillingCycle {
  id: string;
  months: number;
  /** e.g. '1 Month', '6 Months'. */
  label: string;
  active: boolean;
}

export interface BillingCycleInput {
  months: number;
  label: string;
  active: boolean;
}

/** What a tenant sees to buy: active packages and cycles only. */
export interface BillingCatalogue {
  packages: BillingPackage[];
  cycles: BillingCycle[];
  /** False when the server has no bKash merchant credentials: Pay Now says so instead of pretending. */
  paymentsConfigured: boolean;
}

export const INVOICE_STATUSES = ['due', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_FILTERS = ['all', 'paid', 'due'] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];

export type BillingTargetType = 'olt' | 'switch';

export interface Invoice {
  id: string;
  /** Per-tenant sequence, 1, 2, 3 … without gaps. */
  number: number;
  /** The printed number, e.g. 'INV-000042'. */
  invoiceNo: string;
  status: InvoiceStatus;
  /** Issuer (the platform's company name) — 'receiver' of the payment on the card. */
  paymentReceiver: string;
  /** 'bKash' once paid, else null. */
  paymentMethod: string | null;
  packageId: string;
  packageName: string;
  months: number;
  monthlyPricePoisha: number;
  amountPoisha: number;
  discountPoisha: number;
  /** The OLT or switch this invoice renews. */
  targetType: BillingTargetType;
  targetId: string;
  targetName: string;
  /** Expiry the device would get if paid on the day of issue (shown on the card as 'expiry'). */
  expiresOnIfPaidToday: string;
  /** The period actually credited, set when paid: from the day after the old expiry (or today) … */
  periodFrom: string | null;
  /** … to the new expiry (inclusive). */
  periodTo: string | null;
  issuedOn: string;
  paidAt: string | null;
  /** bKash transaction id once paid. */
  trxId: string | null;
  issuedBy: string | null;
}

export interface InvoiceQuery extends PageQuery {
  status?: InvoiceFilter;
}

export type InvoiceList = Paged<Invoice>;

/** 'Pay Now' / 'Pay Later' both create the invoice; the target must belong to the tenant. */
export interface CreateInvoiceRequest {
  packageId: string;
  cycleId: string;
  targetType: BillingTargetType;
  targetId: string;
}

/** Answer to 'Pay' (bKash create): where to send the browser. */
export interface PaymentStartResponse {
  attemptId: string;
  bkashURL: string;
}

export const PAYMENT_STATES = [
  'created',
  'redirected',
  'executing',
  'completed',
  'failed',
  'cancelled',
  'unknown',
  'expired',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** One bKash payment attempt (platform admin's payments screen; the tenant's result page). */
export interface PaymentAttempt {
  id: string;
  tenantId: string;
  tenantName: string | null;
  invoiceId: string;
  invoiceNo: string;
  merchantInvoiceNumber: string;
  paymentId: string | null;
  trxId: string | null;
  amountPoisha: number;
  state: PaymentState;
  /** bKash's last statusCode / statusMessage, e.g. '2023' 'Insufficient Balance'. */
  statusCode: string | null;
  statusMessage: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  refundTrxId: string | null;
  refundedAt: string | null;
  refundAmountPoisha: number | null;
}

export interface PaymentAttemptQuery extends PageQuery {
  state?: PaymentState;
}

export interface RefundRequest {
  reason: string;
}

/** Query of the page bKash's callback redirects to: `/billing/result?attempt=…&outcome=…`. */
export const PAYMENT_OUTCOMES = ['paid', 'failed', 'cancelled', 'pending'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** After an OLT or switch expires it keeps working for this many days (banner); then device actions stop. */
export const BILLING_GRACE_DAYS = 7;

export type ExpiryState = 'active' | 'expiring' | 'grace' | 'expired';

/** Expiry reminders start this many days before the expiry date. */
export const EXPIRY_WARNING_DAYS = 7;

/** One device whose package is expiring, in grace, or expired (the shell's banner). */
export interface ExpiryNotice {
  targetType: BillingTargetType;
  targetId: string;
  name: string;
  expiresOn: string;
  state: Exclude<ExpiryState, 'active'>;
  /** Last day device actions still work (expiresOn + grace). */
  graceEndsOn: string;
}

export const BILLING_MESSAGES = {
  selectMonth: 'Please Select a Month',
  somethingWrong: 'Something is wrong',
  invoiceGenerated: 'Invoice Generated Successfully!',
  selectPaymentMethod: 'Please Select Payment Method',
  invoiceFetchFailed: 'Unable to fetch invoice data. Please try again later.',
  paymentsNotConfigured: 'Online payment is not configured on this server. Please contact support to pay.',
  billingRequired: 'Please Provide Billing Information',
} as const;

/** 12345 poisha → '123.45' (bKash's amount string and the 'Tk' figures). */
export function formatPoisha(poisha: number): string {
  const sign = poisha < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(poisha));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '123.45' / '123' / '123.4' → poisha; null when not a plain non-negative amount with at most 2 decimals. */
export function parseTaka(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Adds calendar months to a YYYY-MM-DD day, clamping to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonthsToDay(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = total % 12;
  const last = new Date(Date.UTC(ny, nm + 1, 0)).getUTCDate();
  return `${String(ny).padStart(4, '0')}-${String(nm + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Adds days to a YYYY-MM-DD day. */
export function addDaysToDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The new expiry after paying `months`: counted from the current expiry when it is today or later
 * (renewing early loses nothing), else from today.
 */
export function extendExpiry(
  currentExpiry: string | null,
  today: string,
  months: number,
): { from: string; to: string } {
  const base = currentExpiry && currentExpiry >= today ? currentExpiry : today;
  const from = currentExpiry && currentExpiry >= today ? addDaysToDay(currentExpiry, 1) : today;
  return { from, to: addMonthsToDay(base, months) };
}

/** Where a device stands on a given day. `null` expiry: never billed (legacy or demo devices) — active. */
export function expiryState(expiresOn: string | null, today: string): ExpiryState {
  if (!expiresOn) return 'active';
  if (today <= expiresOn) return addDaysToDay(today, EXPIRY_WARNING_DAYS) > expiresOn ? 'expiring' : 'active';
  return today <= addDaysToDay(expiresOn, BILLING_GRACE_DAYS) ? 'grace' : 'expired';
}

/** Billing days are Bangladesh's calendar days (UTC+6 all year, no daylight saving). */
export const BILLING_UTC_OFFSET_HOURS = 6;

/** Today (or the day of `at`) as billing counts it: YYYY-MM-DD in Asia/Dhaka. */
export function billingDay(at: Date = new Date()): string {
  return new Date(at.getTime() + BILLING_UTC_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);
}

const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** '2026-11-03' → '3 Nov 2026': how messages, alerts and the console print a billing day. */
export function formatBillingDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${MONTH_ABBREVIATIONS[m - 1]} ${y}`;
}

/** The first day an expired device's actions are refused: the day after its grace ends. */
export const actionsStopOn = (expiresOn: string): string => addDaysToDay(expiresOn, BILLING_GRACE_DAYS + 1);

/**
 * Error code of a device action (ONU reboot, delete, port clear) refused with HTTP 402 because the OLT's
 * package expired more than `BILLING_GRACE_DAYS` ago.
 */
export const PACKAGE_EXPIRED_CODE = 'package-expired';

/** The platform administrator's invoice list: every tenant's invoices, with whose they are. */
export interface PlatformInvoice extends Invoice {
  tenantId: string;
  tenantName: string | null;
}

export interface PlatformInvoiceQuery extends PageQuery {
  tenantId?: string;
  /** 'all' (or left out): every status. */
  status?: InvoiceStatus | 'all';
}

/** 'Cancel' on a due invoice (platform administrator). */
export interface CancelInvoiceRequest {
  reason: string;
}

/** Longest refund or cancel reason (the columns' size; bKash's reason field takes it as is). */
export const BILLING_REASON_MAX = 200;
/** bKash refuses `<`, `>` and `&` in its text fields (INTEGRATIONS §1.3). */
export const BILLING_REASON_PATTERN = /^[^<>&]*$/;

/** A device the user may buy a package for (the package popup's OLT / Switch select). */
export interface BillingTargetRow {
  type: BillingTargetType;
  id: string;
  name: string;
  expiresOn: string | null;
  expiryState: ExpiryState;
  /** The catalogue package it is on (chosen on Add OLT or last paid for), and that package's name as stored. */
  billingPackageId: string | null;
  billingPackage: string | null;
}

export interface BillingTargetQuery {
  kind: BillingTargetType;
}
