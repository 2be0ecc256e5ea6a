import {
  billingDay,
  formatPoisha,
  type BillingTargetType,
  type ExpiryState,
  type PackageKind,
} from '@pondesk/contracts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A billing day (YYYY-MM-DD) as '3 Nov 2026': the one date format of every billing screen and the PDF,
 * the same in every browser locale. `empty` for a missing or malformed day.
 */
export function formatBillingDay(day: string | null | undefined, empty = '—'): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month || Number(m[3]) < 1 || Number(m[3]) > 31) return empty;
  return `${Number(m[3])} ${month} ${m[1]}`;
}

/** An instant (ISO timestamp) as the billing day it fell on (Asia/Dhaka), formatted like every other date. */
export function formatBillingInstant(iso: string | null | undefined, empty = '—'): string {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? empty : formatBillingDay(billingDay(new Date(t)), empty);
}

/** 150000 poisha → 'Tk 1,500.00'. */
export function formatTk(poisha: number): string {
  const [whole, fraction] = formatPoisha(poisha).split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '');
  return `${sign}Tk ${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** 1 → '1 Month', 3 → '3 Months'. */
export const formatMonths = (months: number): string => `${months} Month${months === 1 ? '' : 's'}`;

export const TARGET_LABEL: Record<BillingTargetType, string> = { olt: 'OLT', switch: 'Switch' };

/** What the popup's device select is called, by package kind. */
export const targetLabelOf = (kind: PackageKind): string => TARGET_LABEL[kind];

/** The chip beside a device's expiry; none while it is simply active. */
export const EXPIRY_LOOK: Record<
  Exclude<ExpiryState, 'active'>,
  { label: string; color: 'warning' | 'error'; variant: 'outlined' | 'filled' }
> = {
  expiring: { label: 'Expiring', color: 'warning', variant: 'outlined' },
  grace: { label: 'Grace', color: 'error', variant: 'outlined' },
  expired: { label: 'Expired', color: 'error', variant: 'filled' },
};
