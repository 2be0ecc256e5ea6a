import { billingDay, expiryState, formatBillingDay } from '@pondesk/contracts';
import { packageExpired } from './billing-expiry.exception';

/**
 * What an OLT's or switch's package expiry changes (`expires_on`: paid up to and including that billing day,
 * Asia/Dhaka; null: never billed, no limit):
 * - polling, live reads, alerts and logs never stop, whatever the expiry: an ISP must still see an outage;
 * - from 7 days before the expiry the console's banner warns ('expiring'), and a 'Payment due' alert is sent;
 * - for `BILLING_GRACE_DAYS` (7) days after it ('grace') everything still works; the banner and an alert say
 *   when device actions stop;
 * - after the grace ('expired'), device actions are refused with HTTP 402 `package-expired`, naming the OLT
 *   and the day: ONU reboot, ONU delete (Clear) and port clear, i.e. every write to an OLT (switches take no
 *   writes from us). The API checks before anything is queued. A write queued while it was still allowed
 *   may run: the API waits for it (at most a minute), so the worker does not check again.
 * Renewing (a paid invoice moves `expires_on`) lifts the refusal at once.
 */
export interface BilledOlt {
  name: string;
  expiresOn: string | null;
}

/** Why device actions on this OLT are refused on `today` (a billing day), or null when they are allowed. */
export function oltActionsRefusal(olt: BilledOlt, today: string): string | null {
  if (!olt.expiresOn || expiryState(olt.expiresOn, today) !== 'expired') return null;
  return `The package of OLT '${olt.name}' expired on ${formatBillingDay(olt.expiresOn)}. Renew it (OLT list → Billing) to reboot, delete or clear ONUs again.`;
}

/** Throws the 402 when the OLT's package expired past its grace; otherwise does nothing. */
export function assertOltActionsAllowed(olt: BilledOlt, today: string = billingDay()): void {
  const refusal = oltActionsRefusal(olt, today);
  if (refusal) throw packageExpired(refusal);
}
