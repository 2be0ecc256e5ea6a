import {
  ALERT_RULE_DEFAULTS,
  INFO_ALERT_KINDS,
  ONU_DOWN_REASONS,
  PAYMENT_DUE_DAYS_BEFORE,
  parseDecimal,
  parseInteger,
  type AlertKind,
  type AlertRule,
  type AlertRuleUpdate,
  type OnuDownReasonCode,
} from '@pondesk/contracts';
import { formFieldOf } from './list-params';

/**
 * A rule card's fields as typed. The API counts seconds and shares (0–1); people think in minutes and
 * percent, so the card shows those and converts on the way in and out. Every kind's params have a field
 * here; a card shows and sends only its own kind's.
 */
export interface RuleFormValues {
  enabled: boolean;
  minDurationMinutes: string;
  notifyRecovery: boolean;
  minOnus: string;
  minSharePct: string;
  windowMinutes: string;
  recoveredSharePct: string;
  reasons: OnuDownReasonCode[];
  minDeclineDbPerDay: string;
  horizonDays: string;
  daysBefore: string;
}

export type RuleFormField = keyof RuleFormValues;
export type RuleFormErrors = Partial<Record<RuleFormField, string>>;

/**
 * Limits the card checks before sending, in its own units: the API's (apps/api alert-validation.ts), which
 * checks again and has the last word.
 */
export const RULE_LIMITS = {
  minDurationMinutes: { min: 0, max: 1440 },
  minOnus: { min: 1, max: 1000 },
  sharePct: { min: 5, max: 100 },
  windowMinutes: { min: 0.5, max: 60 },
  minDeclineDbPerDay: { min: 0.01, max: 2 },
  horizonDays: { min: 1, max: 365 },
  daysBefore: PAYMENT_DUE_DAYS_BEFORE,
} as const;

/** The fields each kind shows besides enabled, minimum duration and recovery. */
export const RULE_PARAM_FIELDS: { readonly [K in AlertKind]: readonly RuleFormField[] } = {
  'pon-outage': ['minOnus', 'minSharePct', 'windowMinutes', 'recoveredSharePct'],
  'onu-down': ['reasons'],
  'olt-unreachable': [],
  'signal-degrading': ['minDeclineDbPerDay', 'horizonDays'],
  'onu-signal': [],
  'switch-port': [],
  'server-down': [],
  'pop-power': [],
  'payment-due': ['daysBefore'],
};

/** A number for a text field, without float noise (0.29 × 100 is 28.999999999999996). */
const num = (n: number): string => String(Number(n.toFixed(3)));

/** The rule of a kind from the server's list; a kind the tenant never saved has its defaults. */
export function ruleOf(rules: readonly AlertRule[] | undefined, kind: AlertKind): AlertRule {
  return rules?.find((r) => r.kind === kind) ?? (ALERT_RULE_DEFAULTS[kind] as AlertRule);
}

export function ruleFormFrom(rule: AlertRule): RuleFormValues {
  const d = ALERT_RULE_DEFAULTS;
  const p = rule.params as Partial<
    (typeof d)['pon-outage']['params'] &
      (typeof d)['onu-down']['params'] &
      (typeof d)['signal-degrading']['params'] &
      (typeof d)['payment-due']['params']
  >;
  const outage = { ...d['pon-outage'].params, ...(rule.kind === 'pon-outage' ? p : {}) };
  const down = { ...d['onu-down'].params, ...(rule.kind === 'onu-down' ? p : {}) };
  const degrading = { ...d['signal-degrading'].params, ...(rule.kind === 'signal-degrading' ? p : {}) };
  const payment = { ...d['payment-due'].params, ...(rule.kind === 'payment-due' ? p : {}) };
  return {
    enabled: rule.enabled,
    minDurationMinutes: num(rule.minDurationSeconds / 60),
    notifyRecovery: rule.notifyRecovery,
    minOnus: num(outage.minOnus),
    minSharePct: num(outage.minShare * 100),
    windowMinutes: num(outage.windowSeconds / 60),
    recoveredSharePct: num(outage.recoveredShare * 100),
    reasons: [...down.reasons],
    minDeclineDbPerDay: num(degrading.minDeclineDbPerDay),
    horizonDays: num(degrading.horizonDays),
    daysBefore: num(payment.daysBefore),
  };
}

/** The card's problems by field (only its kind's fields are checked); empty when it may be sent. */
export function ruleFormErrors(kind: AlertKind, v: RuleFormValues): RuleFormErrors {
  const e: RuleFormErrors = {};
  const L = RULE_LIMITS;
  if (parseDecimal(v.minDurationMinutes, L.minDurationMinutes.min, L.minDurationMinutes.max) === null)
    e.minDurationMinutes = `Minutes from ${L.minDurationMinutes.min} to ${L.minDurationMinutes.max}`;
  const pct = (text: string) => parseDecimal(text, L.sharePct.min, L.sharePct.max);
  const fields = RULE_PARAM_FIELDS[kind];
  if (fields.includes('minOnus') && parseInteger(v.minOnus, L.minOnus.min, L.minOnus.max) === null)
    e.minOnus = `A whole number from ${L.minOnus.min} to ${L.minOnus.max}`;
  if (fields.includes('minSharePct') && pct(v.minSharePct) === null)
    e.minSharePct = `Percent from ${L.sharePct.min} to ${L.sharePct.max}`;
  if (
    fields.includes('windowMinutes') &&
    parseDecimal(v.windowMinutes, L.windowMinutes.min, L.windowMinutes.max) === null
  )
    e.windowMinutes = `Minutes from ${L.windowMinutes.min} to ${L.windowMinutes.max}`;
  if (fields.includes('recoveredSharePct') && pct(v.recoveredSharePct) === null)
    e.recoveredSharePct = `Percent from ${L.sharePct.min} to ${L.sharePct.max}`;
  if (fields.includes('reasons') && !v.reasons.some((r) => ONU_DOWN_REASONS.includes(r)))
    e.reasons = 'Choose at least one reason';
  if (
    fields.includes('minDeclineDbPerDay') &&
    parseDecimal(v.minDeclineDbPerDay, L.minDeclineDbPerDay.min, L.minDeclineDbPerDay.max) === null
  )
    e.minDeclineDbPerDay = `dB a day, from ${L.minDeclineDbPerDay.min} to ${L.minDeclineDbPerDay.max}`;
  if (
    fields.includes('horizonDays') &&
    parseInteger(v.horizonDays, L.horizonDays.min, L.horizonDays.max) === null
  )
    e.horizonDays = `Whole days from ${L.horizonDays.min} to ${L.horizonDays.max}`;
  if (
    fields.includes('daysBefore') &&
    parseInteger(v.daysBefore, L.daysBefore.min, L.daysBefore.max) === null
  )
    e.daysBefore = `Whole days from ${L.daysBefore.min} to ${L.daysBefore.max}`;
  return e;
}

const seconds = (minutes: string) => Math.round(Number(minutes.trim()) * 60);
const share = (pct: string) => Number((Number(pct.trim()) / 100).toFixed(4));

/** PUT /alerts/rules/:kind from valid values: the kind's own params, seconds and shares. */
export function toRuleUpdate(kind: AlertKind, v: RuleFormValues): AlertRuleUpdate {
  const base = {
    enabled: v.enabled,
    minDurationSeconds: seconds(v.minDurationMinutes),
    // An information-only kind has nothing to recover from: keep what is stored (false by default).
    notifyRecovery: INFO_ALERT_KINDS.includes(kind) ? false : v.notifyRecovery,
  };
  switch (kind) {
    case 'pon-outage':
      return {
        ...base,
        params: {
          minOnus: Number(v.minOnus.trim()),
          minShare: share(v.minSharePct),
          windowSeconds: seconds(v.windowMinutes),
          recoveredShare: share(v.recoveredSharePct),
        },
      };
    case 'onu-down':
      return { ...base, params: { reasons: ONU_DOWN_REASONS.filter((r) => v.reasons.includes(r)) } };
    case 'signal-degrading':
      return {
        ...base,
        params: {
          minDeclineDbPerDay: Number(v.minDeclineDbPerDay.trim()),
          horizonDays: Number(v.horizonDays.trim()),
        },
      };
    case 'payment-due':
      return { ...base, params: { daysBefore: Number(v.daysBefore.trim()) } };
    default:
      return { ...base, params: {} };
  }
}

/** The server's names of a rule's fields, as the card's. */
const SERVER_RULE_FIELDS: Record<string, RuleFormField> = {
  enabled: 'enabled',
  minDurationSeconds: 'minDurationMinutes',
  notifyRecovery: 'notifyRecovery',
  minOnus: 'minOnus',
  minShare: 'minSharePct',
  windowSeconds: 'windowMinutes',
  recoveredShare: 'recoveredSharePct',
  reasons: 'reasons',
  minDeclineDbPerDay: 'minDeclineDbPerDay',
  horizonDays: 'horizonDays',
  daysBefore: 'daysBefore',
};

/** A 400's field errors under the card's fields (a field the card does not show is left to the toast). */
export function ruleServerErrors(fields: Record<string, string>): RuleFormErrors {
  const e: RuleFormErrors = {};
  for (const [serverField, message] of Object.entries(fields)) {
    const field = SERVER_RULE_FIELDS[formFieldOf(serverField)];
    if (field) e[field] ??= message;
  }
  return e;
}
