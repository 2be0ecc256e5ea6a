import type { EntityManager } from 'typeorm';
import {
  BILLING_GRACE_DAYS,
  PAYMENT_DUE_DAYS_BEFORE,
  actionsStopOn,
  addDaysToDay,
  billingDay,
  formatBillingDay,
  type BillingTargetType,
} from '@pondesk/contracts';
import type { PassTally } from './alert-sources';
import type { AlertRules } from './alert-rules';
import { openAlert } from './alert-writer';

/** An OLT or switch with a package expiry (YYYY-MM-DD, paid up to and including that billing day). */
export interface BilledDevice {
  type: BillingTargetType;
  id: string;
  name: string;
  expiresOn: string;
}

export interface PaymentReminder {
  /** `due`: the expiry is within the rule's days; `grace`: it has passed, device actions stop after the grace. */
  phase: 'due' | 'grace';
  /** One per device, expiry date and phase: a restart, or the next pass, never raises it again. */
  dedupKey: string;
  title: string;
  detail: Record<string, unknown>;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/**
 * The reminder a device is owed on `today` (a billing day), or null: one `daysBefore` days (or fewer) before
 * its expiry, one once it has expired while the grace lasts. Which of them was sent already is the caller's
 * concern (the dedup key).
 */
export function paymentReminder(
  device: BilledDevice,
  today: string,
  daysBefore: number,
): PaymentReminder | null {
  const left = dayNumber(device.expiresOn) - dayNumber(today);
  const olt = device.type === 'olt';
  const who = `${olt ? 'OLT' : 'Switch'} '${device.name}'`;
  const on = formatBillingDay(device.expiresOn);
  const key = (phase: PaymentReminder['phase']) =>
    `payment-due:${device.type}:${device.id}:${device.expiresOn}:${phase}`;
  if (left >= 0) {
    if (left > daysBefore) return null;
    const when = left === 0 ? 'today' : left === 1 ? 'in 1 day' : `in ${left} days`;
    return {
      phase: 'due',
      dedupKey: key('due'),
      title: `${who} expires on ${on} (${when}); renew from the ${olt ? 'OLT' : 'switch'} list`,
      detail: { phase: 'due', expiresOn: device.expiresOn, daysLeft: left },
    };
  }
  if (-left > BILLING_GRACE_DAYS) return null;
  const stopOn = actionsStopOn(device.expiresOn);
  return {
    phase: 'grace',
    dedupKey: key('grace'),
    title: olt
      ? `${who} expired on ${on}; device actions stop on ${formatBillingDay(stopOn)}`
      : `${who} expired on ${on}; renew it from the switch list (grace ends on ${formatBillingDay(addDaysToDay(device.expiresOn, BILLING_GRACE_DAYS))})`,
    detail: { phase: 'grace', expiresOn: device.expiresOn, ...(olt ? { actionsStopOn: stopOn } : {}) },
  };
}

/**
 * Payment due: OLTs and switches whose package expires within the tenant's `daysBefore`, or expired and in
 * grace, each get their reminder once (information only: nothing resolves it; renewing moves the expiry, and
 * a new expiry date has reminders of its own). A silenced OLT or switch records it without sending it.
 */
export async function paymentsDue(
  m: EntityManager,
  rules: AlertRules,
  now: Date,
  tally: PassTally,
): Promise<void> {
  const today = billingDay(now);
  const devices: (BilledDevice & { tenant_id: string })[] = await m.query(
    `SELECT 'olt' AS type, id, tenant_id, name, to_char(expires_on, 'YYYY-MM-DD') AS "expiresOn" FROM olt
      WHERE show AND expires_on BETWEEN $1 AND $2
     UNION ALL
     SELECT 'switch', id, tenant_id, name, to_char(expires_on, 'YYYY-MM-DD') FROM switch
      WHERE show AND expires_on BETWEEN $1 AND $2`,
    [addDaysToDay(today, -BILLING_GRACE_DAYS), addDaysToDay(today, PAYMENT_DUE_DAYS_BEFORE.max)],
  );
  const owed = devices.flatMap((d) => {
    const rule = rules.of(d.tenant_id, 'payment-due');
    const reminder = rule.enabled ? paymentReminder(d, today, rule.params.daysBefore) : null;
    return reminder ? [{ device: d, reminder }] : [];
  });
  if (!owed.length) return;
  const raised: { dedup_key: string; tenant_id: string }[] = await m.query(
    `SELECT a.tenant_id, a.dedup_key FROM alert a
       JOIN unnest($1::uuid[], $2::text[]) AS k(tenant_id, dedup_key)
         ON a.tenant_id = k.tenant_id AND a.dedup_key = k.dedup_key`,
    [owed.map((o) => o.device.tenant_id), owed.map((o) => o.reminder.dedupKey)],
  );
  const done = new Set(raised.map((r) => `${r.tenant_id} ${r.dedup_key}`));
  for (const { device, reminder } of owed) {
    if (done.has(`${device.tenant_id} ${reminder.dedupKey}`)) continue;
    const olt = device.type === 'olt';
    const opened = await openAlert(m, {
      tenantId: device.tenant_id,
      kind: 'payment-due',
      dedupKey: reminder.dedupKey,
      oltId: olt ? device.id : null,
      targetType: olt ? null : 'switch',
      targetId: olt ? null : device.id,
      title: reminder.title,
      detail: reminder.detail,
      openedAt: now,
      info: true,
    });
    if (opened) tally.opened++;
  }
}
