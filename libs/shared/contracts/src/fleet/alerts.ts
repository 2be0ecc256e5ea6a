import type { Paged } from '../identity/types';
import type { OnuDownReasonCode } from './vocabulary';

/**
 * What raises an alert. Each kind has one rule per tenant (enabled, thresholds, how long the condition must
 * hold, whether its recovery is sent too); a tenant that never saved a rule gets `ALERT_RULE_DEFAULTS`.
 */
export const ALERT_KINDS = [
  'pon-outage',
  'onu-down',
  'olt-unreachable',
  'signal-degrading',
  'onu-signal',
  'switch-port',
  'server-down',
  'pop-power',
  'payment-due',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  'pon-outage': 'PON outage',
  'onu-down': 'ONU down',
  'olt-unreachable': 'OLT unreachable',
  'onu-signal': 'ONU signal low',
  'switch-port': 'Switch port',
  'server-down': 'Server down or slow',
  'pop-power': 'POP mains power',
  'signal-degrading': 'Signal degrading',
  'payment-due': 'Payment due',
};

/** Kinds that only inform (one message, nothing to recover from). */
export const INFO_ALERT_KINDS: readonly AlertKind[] = ['signal-degrading', 'payment-due'];

export interface PonOutageParams {
  /** At least this many ONUs of one PON went down within the window… */
  minOnus: number;
  /** …and they are at least this share (0–1) of the PON's ONUs. */
  minShare: number;
  windowSeconds: number;
  /** The outage is over when this share (0–1) of the ONUs that went down are back. */
  recoveredShare: number;
}

export interface OnuDownParams {
  /** Only these down reasons raise an alert (a subscriber switching off at night is `power-off`). */
  reasons: OnuDownReasonCode[];
}

export interface SignalDegradingParams {
  /** An ONU whose rx falls at least this fast (dB a day, positive number) over the last 7 days… */
  minDeclineDbPerDay: number;
  /** …and would cross -27 dBm within this many days at that pace, is listed and alerted. */
  horizonDays: number;
}

export interface PaymentDueParams {
  /** An OLT's or switch's package expiring within this many days raises one reminder (and one more once expired). */
  daysBefore: number;
}

/** The range of `PaymentDueParams.daysBefore`. */
export const PAYMENT_DUE_DAYS_BEFORE = { min: 1, max: 30 } as const;

export interface AlertRuleParamsByKind {
  'pon-outage': PonOutageParams;
  'onu-down': OnuDownParams;
  'olt-unreachable': Record<string, never>;
  /** An online ONU receiving less than its OLT's Db Alert Range (OLTs without one are not checked). */
  'onu-signal': Record<string, never>;
  /** A switch port's link going down, or its rx below the switch's alert level. */
  'switch-port': Record<string, never>;
  /** A watched server not answering its pings, or slower than its latency limit. */
  'server-down': Record<string, never>;
  /** A POP's mains (its 'electric' source) gone silent: it runs on its generator or batteries. */
  'pop-power': Record<string, never>;
  'signal-degrading': SignalDegradingParams;
  'payment-due': PaymentDueParams;
}

export interface AlertRule<K extends AlertKind = AlertKind> {
  kind: K;
  enabled: boolean;
  /** The condition must hold this long before the alert fires (0: at once). */
  minDurationSeconds: number;
  /** Also send a message when the condition clears. Ignored for information-only kinds. */
  notifyRecovery: boolean;
  params: AlertRuleParamsByKind[K];
}

export type AlertRuleUpdate<K extends AlertKind = AlertKind> = Omit<AlertRule<K>, 'kind'>;

export const ALERT_RULE_DEFAULTS: { readonly [K in AlertKind]: AlertRule<K> } = {
  'pon-outage': {
    kind: 'pon-outage',
    enabled: true,
    minDurationSeconds: 0,
    notifyRecovery: true,
    params: { minOnus: 4, minShare: 0.5, windowSeconds: 300, recoveredShare: 0.8 },
  },
  'onu-down': {
    kind: 'onu-down',
    enabled: false,
    minDurationSeconds: 300,
    notifyRecovery: true,
    params: { reasons: ['los'] },
  },
  'olt-unreachable': {
    kind: 'olt-unreachable',
    enabled: true,
    minDurationSeconds: 0,
    notifyRecovery: true,
    params: {},
  },
  'signal-degrading': {
    kind: 'signal-degrading',
    enabled: true,
    minDurationSeconds: 0,
    notifyRecovery: false,
    params: { minDeclineDbPerDay: 0.05, horizonDays: 30 },
  },
  'onu-signal': {
    kind: 'onu-signal',
    enabled: true,
    // Optics wander by tenths of a dB: an ONU just on the line would flap without a wait.
    minDurationSeconds: 900,
    notifyRecovery: true,
    params: {},
  },
  'switch-port': {
    kind: 'switch-port',
    enabled: true,
    minDurationSeconds: 0,
    notifyRecovery: true,
    params: {},
  },
  'server-down': {
    kind: 'server-down',
    enabled: true,
    minDurationSeconds: 0,
    notifyRecovery: true,
    params: {},
  },
  'pop-power': {
    kind: 'pop-power',
    enabled: true,
    minDurationSeconds: 0,
    notifyRecovery: true,
    params: {},
  },
  'payment-due': {
    kind: 'payment-due',
    enabled: true,
    minDurationSeconds: 0,
    notifyRecovery: false,
    params: { daysBefore: 3 },
  },
};

/** An ONU's low-signal alert ends once its rx is this far above its OLT's Db Alert Range (no flapping on the line). */
export const ONU_SIGNAL_HYSTERESIS_DB = 1;

/** The level an ONU's rx is projected to cross (the usual GPON class B+ sensitivity). */
export const DEGRADING_CROSSING_DBM = -27;

export const ALERT_CHANNEL_KINDS = ['telegram', 'whatsapp', 'webhook'] as const;
export type AlertChannelKind = (typeof ALERT_CHANNEL_KINDS)[number];

export const ALERT_CHANNEL_KIND_LABELS: Record<AlertChannelKind, string> = {
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  webhook: 'Webhook',
};

/** A channel's settings that are not secret (the secret itself is never returned). */
export interface AlertChannelSettings {
  /** Telegram: chat ids (`-100…`, a user id, or `@channel`) every alert goes to. */
  chatIds?: string[];
  /** WhatsApp Cloud API: the sending phone number's id, the recipients (digits, E.164 without +). */
  phoneNumberId?: string;
  recipients?: string[];
  /** WhatsApp: an approved template with one body parameter (the alert's text), and its language. */
  templateName?: string;
  languageCode?: string;
  /** Webhook: where the JSON is POSTed. */
  url?: string;
}

export interface AlertChannel extends AlertChannelSettings {
  id: string;
  kind: AlertChannelKind;
  name: string;
  enabled: boolean;
  /** Also send each OLT's alerts to the Telegram/WhatsApp id saved on that OLT (its form's fields). */
  useDeviceIds: boolean;
  /** At most this many messages a minute; alerts arriving faster are grouped into fewer messages. */
  ratePerMinute: number;
  /** A bot token, access token or signing secret is stored (encrypted); it is never sent back. */
  hasSecret: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Create and update body. `secret` (bot token, access token, webhook secret) is required on create only. */
export interface AlertChannelInput extends AlertChannelSettings {
  kind: AlertChannelKind;
  name: string;
  enabled?: boolean;
  useDeviceIds?: boolean;
  ratePerMinute?: number;
  secret?: string;
}

export const ALERT_CHANNEL_RATE_DEFAULT = 20;

// What the API accepts in a channel; the web form checks the same before sending, and the worker takes an
// OLT's or switch's own Telegram/WhatsApp id as a target only when it has these shapes.

/** A Telegram chat: a user or group id (groups and channels are negative), or a public `@channel`. */
export const TELEGRAM_CHAT_ID_PATTERN = /^(?:-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;
export const TELEGRAM_BOT_TOKEN_PATTERN = /^\d{3,12}:[A-Za-z0-9_-]{20,60}$/;
export const WHATSAPP_PHONE_NUMBER_ID_PATTERN = /^\d{5,20}$/;
/** A WhatsApp recipient: the number in international form, digits only (E.164 without the +). */
export const WHATSAPP_RECIPIENT_PATTERN = /^\d{8,15}$/;
export const WHATSAPP_TEMPLATE_PATTERN = /^[a-z0-9_]{1,512}$/;
export const WHATSAPP_LANGUAGE_PATTERN = /^[a-z]{2,3}(?:_[A-Z]{2})?$/;
export const WHATSAPP_LANGUAGE_DEFAULT = 'en';
/** Chat ids or recipients of one channel at most. */
export const ALERT_CHANNEL_LIST_MAX = 20;
export const WEBHOOK_URL_MAX = 500;
export const ALERT_CHANNEL_NAME_MAX = 80;
export const ALERT_CHANNEL_RATE = { min: 1, max: 600 } as const;

export type AlertState = 'firing' | 'resolved';
export type AlertDeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed';
/** Which message a delivery carries: the alert itself or its recovery. */
export type AlertPhase = 'open' | 'resolve';

export interface AlertDelivery {
  channelId: string;
  channelName: string;
  channelKind: AlertChannelKind;
  phase: AlertPhase;
  status: AlertDeliveryStatus;
  attempts: number;
  lastError: string | null;
  deliveredAt: string | null;
}

export interface AlertRow {
  id: string;
  kind: AlertKind;
  state: AlertState;
  title: string;
  /** Kind-specific figures (how many ONUs, which reasons, the slope…), for the details line. */
  detail: Record<string, unknown>;
  oltId: string | null;
  oltName: string | null;
  ponPort: number | null;
  /** What else it is about: a switch, a monitored server or a POP (its name), for alerts of no OLT. */
  targetType: AlertTargetType | null;
  targetId: string | null;
  targetName: string | null;
  openedAt: string;
  resolvedAt: string | null;
  /** Raised while its OLT was silenced: recorded, not sent. */
  silenced: boolean;
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
  deliveries: AlertDelivery[];
}

export type AlertHistory = Paged<AlertRow>;

export interface AlertHistoryQuery {
  page?: number;
  pageSize?: number;
  state?: AlertState;
  kind?: AlertKind;
  oltId?: string;
}

/** What an alert of no OLT is about. */
export type AlertTargetType = 'switch' | 'server' | 'pop';

export const SILENCE_TARGET_TYPES = ['olt', 'switch', 'pop'] as const;
export type SilenceTargetType = (typeof SILENCE_TARGET_TYPES)[number];

export interface AlertSilence {
  id: string;
  targetType: SilenceTargetType;
  targetId: string;
  targetName: string;
  startsAt: string;
  endsAt: string;
  reason: string | null;
  createdBy: string | null;
  createdAt: string;
}

/** A scheduled window, or `durationMinutes` from now ('silence for 2 h'). */
export interface AlertSilenceInput {
  targetType: SilenceTargetType;
  targetId: string;
  startsAt?: string;
  endsAt?: string;
  durationMinutes?: number;
  reason?: string;
}

export interface AlertTestResult {
  ok: boolean;
  /** What the channel's API answered, or why it failed. */
  message: string;
}

/** One ONU whose rx has been falling steadily (the dashboard's Degrading list). */
export interface DegradingOnu {
  onuRef: string;
  oltId: string;
  oltName: string;
  ponPort: number;
  onuId: number;
  ifName: string;
  description: string | null;
  rxDbm: number | null;
  /** dB a day over the last 7 days (negative: falling). */
  slopeDbPerDay: number;
  /** When it would cross `DEGRADING_CROSSING_DBM` at this pace (YYYY-MM-DD). */
  projectedCrossingOn: string | null;
  computedAt: string;
}

export type DegradingOnuList = Paged<DegradingOnu>;
