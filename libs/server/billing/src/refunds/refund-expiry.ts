import { addDaysToDay, addMonthsToDay } from '@pondesk/contracts';

/** The period a paid invoice credited to its device (inclusive days) and its length in months. */
export interface CreditedPeriod {
  from: string;
  to: string;
  months: number;
}

/**
 * The device's expiry once a refunded invoice's period is taken back.
 *
 * - No expiry now: nothing to take back (left as it is).
 * - Still at the invoice's last day: back to the day before its period began. For an early renewal that is
 *   exactly the old expiry; when the payment started a fresh period (the device had lapsed, or was never
 *   billed) it is the day before the payment day, so the device counts as expired from then on — a
 *   never-billed device is not given back "no limit" for a package it did not pay for.
 * - Moved on since (a later invoice extended it, or someone changed it): the invoice's months come off
 *   whatever it is now. bKash refunds only recent payments, so a later renewal always continued this
 *   invoice's period and the months taken off are the ones it added.
 */
export function expiryAfterRefund(current: string | null, period: CreditedPeriod): string | null {
  if (current === null) return null;
  if (current === period.to) return addDaysToDay(period.from, -1);
  return addMonthsToDay(current, -period.months);
}
