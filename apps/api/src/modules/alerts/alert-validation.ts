import {
  ALERT_CHANNEL_LIST_MAX,
  ALERT_RULE_DEFAULTS,
  ONU_DOWN_REASONS,
  PAYMENT_DUE_DAYS_BEFORE,
  TELEGRAM_BOT_TOKEN_PATTERN,
  TELEGRAM_CHAT_ID_PATTERN,
  WEBHOOK_URL_MAX,
  WHATSAPP_LANGUAGE_DEFAULT,
  WHATSAPP_LANGUAGE_PATTERN,
  WHATSAPP_PHONE_NUMBER_ID_PATTERN,
  WHATSAPP_RECIPIENT_PATTERN,
  WHATSAPP_TEMPLATE_PATTERN,
  type AlertChannelKind,
  type AlertChannelSettings,
  type AlertKind,
  type AlertRule,
} from '@pondesk/contracts';
import type { FieldProblem } from '../../common/http/validation.pipe';

/*
 * The checks of alert rules, channels and silences that depend on more than one field (a rule's params on
 * its kind, a channel's settings and secret on its kind, a silence's window on the clock). Pure: each
 * returns the value to store and the problems, each naming its field as the validation pipe does.
 */

interface NumberParam {
  integer: boolean;
  min: number;
  max: number;
}

const int = (min: number, max: number): NumberParam => ({ integer: true, min, max });
const num = (min: number, max: number): NumberParam => ({ integer: false, min, max });

/** Each kind's numeric thresholds; `onu-down` has its list of reasons instead. */
export const ALERT_RULE_LIMITS: { readonly [K in AlertKind]: Readonly<Record<string, NumberParam>> } = {
  'pon-outage': {
    minOnus: int(1, 1000),
    minShare: num(0.05, 1),
    windowSeconds: int(30, 3600),
    recoveredShare: num(0.05, 1),
  },
  'onu-down': {},
  'olt-unreachable': {},
  'signal-degrading': { minDeclineDbPerDay: num(0.01, 2), horizonDays: int(1, 365) },
  'onu-signal': {},
  'switch-port': {},
  'server-down': {},
  'pop-power': {},
  'payment-due': { daysBefore: int(PAYMENT_DUE_DAYS_BEFORE.min, PAYMENT_DUE_DAYS_BEFORE.max) },
};

export const ALERT_MIN_DURATION_MAX_SECONDS = 86_400;

export function isAlertKind(kind: string): kind is AlertKind {
  return Object.prototype.hasOwnProperty.call(ALERT_RULE_DEFAULTS, kind);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function numberProblem(field: string, value: unknown, rule: NumberParam): string | null {
  if (value === undefined) return `${field} is required`;
  if (typeof value !== 'number' || !Number.isFinite(value))
    return `${field} must be a ${rule.integer ? 'whole number' : 'number'}`;
  if (rule.integer && !Number.isInteger(value)) return `${field} must be a whole number`;
  if (value < rule.min || value > rule.max) return `${field} must be between ${rule.min} and ${rule.max}`;
  return null;
}

/** A rule's params checked against its kind; `onu-down` reasons come back without duplicates. */
export function ruleParamsOf<K extends AlertKind>(
  kind: K,
  params: unknown,
): { params: AlertRule<K>['params']; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  if (!isPlainObject(params)) {
    add('params', 'params must be an object');
    return { params: {} as AlertRule<K>['params'], problems };
  }
  const limits = ALERT_RULE_LIMITS[kind];
  const known = kind === 'onu-down' ? ['reasons'] : Object.keys(limits);
  for (const key of Object.keys(params))
    if (!known.includes(key)) add(`params.${key}`, `params.${key} is not a setting of ${kind} rules`);
  const out: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(limits)) {
    const problem = numberProblem(`params.${key}`, params[key], rule);
    if (problem) add(`params.${key}`, problem);
    else out[key] = params[key];
  }
  if (kind === 'onu-down') {
    const reasons = params.reasons;
    const allowed = ONU_DOWN_REASONS as readonly unknown[];
    if (!Array.isArray(reasons) || reasons.length === 0)
      add('params.reasons', 'params.reasons must list at least one down reason');
    else if (!reasons.every((r) => allowed.includes(r)))
      add('params.reasons', `params.reasons must contain only ${ONU_DOWN_REASONS.join(', ')}`);
    else out.reasons = [...new Set(reasons)];
  }
  return { params: out as AlertRule<K>['params'], problems };
}

// Channels.

/** Each kind's settings; a setting of another kind is refused, not silently dropped. */
export const ALERT_CHANNEL_SETTINGS: {
  readonly [K in AlertChannelKind]: readonly (keyof AlertChannelSettings)[];
} = {
  telegram: ['chatIds'],
  whatsapp: ['phoneNumberId', 'recipients', 'templateName', 'languageCode'],
  webhook: ['url'],
};

const ALL_SETTINGS = [...new Set(Object.values(ALERT_CHANNEL_SETTINGS).flat())];

const SECRET_NAMES: Record<AlertChannelKind, string> = {
  telegram: 'the bot token',
  whatsapp: 'the access token',
  webhook: 'the signing secret',
};

/** The secret's rule per kind; the message never repeats the value. */
export function secretProblem(kind: AlertChannelKind, secret: unknown): string | null {
  if (typeof secret !== 'string') return 'secret must be a string';
  if (kind === 'telegram')
    return TELEGRAM_BOT_TOKEN_PATTERN.test(secret)
      ? null
      : 'secret must be a Telegram bot token (digits, a colon, then 20–60 letters, digits, _ or -)';
  if (kind === 'whatsapp') {
    if (secret.length < 20 || secret.length > 500) return 'secret must be 20–500 characters long';
    return /^[\x21-\x7e]+$/.test(secret) ? null : 'secret must not contain spaces or control characters';
  }
  if (secret.length < 16 || secret.length > 200) return 'secret must be 16–200 characters long';
  return [...secret].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
    ? 'secret must not contain control characters'
    : null;
}

/** Why a webhook URL is refused, or null: http(s) only, no credentials in it, at most 500 characters. */
export function webhookUrlProblem(url: unknown): string | null {
  if (typeof url !== 'string') return 'url must be a string';
  if (url.length > WEBHOOK_URL_MAX) return `url must be at most ${WEBHOOK_URL_MAX} characters long`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'url must be an http:// or https:// address';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return 'url must be an http:// or https:// address';
  if (!parsed.hostname) return 'url must name a host';
  if (parsed.username || parsed.password)
    return 'url must not contain a user name or password; the signing secret authenticates the calls';
  return null;
}

/** A list of 1–20 ids (or none at all with `mayBeEmpty`), trimmed and without duplicates. */
function listOf(
  field: string,
  value: unknown,
  pattern: RegExp,
  what: string,
  mayBeEmpty: boolean,
): { value?: string[]; problem?: string } {
  if (value === undefined && mayBeEmpty) return { value: [] };
  if (!Array.isArray(value) || (value.length === 0 && !mayBeEmpty))
    return { problem: `${field} must list at least one ${what}` };
  if (value.length > ALERT_CHANNEL_LIST_MAX)
    return { problem: `${field} must have at most ${ALERT_CHANNEL_LIST_MAX} entries` };
  const trimmed = value.map((v) => (typeof v === 'string' ? v.trim() : v));
  if (!trimmed.every((v) => typeof v === 'string' && pattern.test(v)))
    return { problem: `each of ${field} must be ${what}` };
  return { value: [...new Set(trimmed as string[])] };
}

function textOf(
  field: string,
  value: unknown,
  pattern: RegExp,
  what: string,
): { value?: string; problem?: string } {
  if (typeof value !== 'string') return { problem: `${field} must be ${what}` };
  const v = value.trim();
  return pattern.test(v) ? { value: v } : { problem: `${field} must be ${what}` };
}

/**
 * What a create or update body may carry of a channel's settings and secret; `useDeviceIds` is the value the
 * channel will have (sent, or kept on update).
 */
export type ChannelFields = { [K in keyof AlertChannelSettings]?: unknown } & {
  secret?: unknown;
  useDeviceIds?: unknown;
};

/**
 * A channel's settings to store: `stored` (an update) with the sent ones over it, checked as a whole for
 * `kind`; and its secret when one is sent. On create the secret is required; on update an empty or absent
 * one keeps the stored secret. A Telegram or WhatsApp channel that also sends to each OLT's own id
 * (`useDeviceIds`) may have no chat ids or recipients of its own.
 */
export function channelSettingsOf(
  kind: AlertChannelKind,
  sent: ChannelFields,
  stored?: AlertChannelSettings,
): { settings: AlertChannelSettings; secret: string | null; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const own = ALERT_CHANNEL_SETTINGS[kind];
  for (const key of ALL_SETTINGS)
    if (sent[key] !== undefined && !own.includes(key))
      add(key, `${key} is not a setting of ${kind} channels`);
  const merged: Record<string, unknown> = {};
  for (const key of own) merged[key] = sent[key] !== undefined ? sent[key] : stored?.[key];
  const settings: AlertChannelSettings = {};
  const deviceIdsToo = sent.useDeviceIds === true;
  const take = (key: keyof AlertChannelSettings, r: { value?: string | string[]; problem?: string }) => {
    if (r.problem) add(key, r.problem);
    else (settings as Record<string, unknown>)[key] = r.value;
  };
  if (kind === 'telegram')
    take(
      'chatIds',
      listOf(
        'chatIds',
        merged.chatIds,
        TELEGRAM_CHAT_ID_PATTERN,
        'a chat id (-100…, digits or @name)',
        deviceIdsToo,
      ),
    );
  if (kind === 'whatsapp') {
    take(
      'phoneNumberId',
      textOf('phoneNumberId', merged.phoneNumberId, WHATSAPP_PHONE_NUMBER_ID_PATTERN, '5–20 digits'),
    );
    take(
      'recipients',
      listOf(
        'recipients',
        merged.recipients,
        WHATSAPP_RECIPIENT_PATTERN,
        'a phone number of 8–15 digits, without +',
        deviceIdsToo,
      ),
    );
    take(
      'templateName',
      textOf(
        'templateName',
        merged.templateName,
        WHATSAPP_TEMPLATE_PATTERN,
        'a template name (lower-case letters, digits and _)',
      ),
    );
    take(
      'languageCode',
      merged.languageCode === undefined || merged.languageCode === ''
        ? { value: WHATSAPP_LANGUAGE_DEFAULT }
        : textOf(
            'languageCode',
            merged.languageCode,
            WHATSAPP_LANGUAGE_PATTERN,
            'a language code such as en or pt_BR',
          ),
    );
  }
  if (kind === 'webhook') {
    const url = typeof merged.url === 'string' ? merged.url.trim() : merged.url;
    const problem = url === undefined ? 'url is required' : webhookUrlProblem(url);
    if (problem) add('url', problem);
    else settings.url = url as string;
  }
  let secret: string | null = null;
  const creating = stored === undefined;
  if (sent.secret === undefined || sent.secret === '') {
    if (creating) add('secret', `secret (${SECRET_NAMES[kind]}) is required`);
  } else {
    const problem = secretProblem(kind, sent.secret);
    if (problem) add('secret', problem);
    else secret = sent.secret as string;
  }
  return { settings, secret, problems };
}

// Silences.

export const SILENCE_DURATION_MAX_MINUTES = 10_080;
export const SILENCE_WINDOW_MAX_DAYS = 31;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface SilenceWindowInput {
  startsAt?: string;
  endsAt?: string;
  durationMinutes?: number;
}

/**
 * A silence's window: `durationMinutes` from now, or `startsAt` (now when left out) to `endsAt`. The end
 * must be after the start and in the future, and the window at most 31 days.
 */
export function silenceWindowOf(
  input: SilenceWindowInput,
  now: number = Date.now(),
): { startsAt: Date; endsAt: Date; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const none = { startsAt: new Date(now), endsAt: new Date(now), problems };
  if (input.durationMinutes !== undefined) {
    if (input.startsAt !== undefined || input.endsAt !== undefined) {
      add('durationMinutes', 'Give either durationMinutes or startsAt and endsAt, not both');
      return none;
    }
    return { startsAt: new Date(now), endsAt: new Date(now + input.durationMinutes * MINUTE_MS), problems };
  }
  if (input.endsAt === undefined) {
    add(
      input.startsAt === undefined ? 'durationMinutes' : 'endsAt',
      'Give durationMinutes, or startsAt and endsAt',
    );
    return none;
  }
  const startsAt = input.startsAt === undefined ? now : Date.parse(input.startsAt);
  const endsAt = Date.parse(input.endsAt);
  if (Number.isNaN(startsAt)) add('startsAt', 'startsAt must be an ISO date-time');
  else if (Number.isNaN(endsAt)) add('endsAt', 'endsAt must be an ISO date-time');
  else if (endsAt <= startsAt) add('endsAt', 'endsAt must be after startsAt');
  else if (endsAt <= now) add('endsAt', 'endsAt must be in the future');
  else if (endsAt - startsAt > SILENCE_WINDOW_MAX_DAYS * DAY_MS)
    add('endsAt', `A silence lasts at most ${SILENCE_WINDOW_MAX_DAYS} days`);
  return problems.length ? none : { startsAt: new Date(startsAt), endsAt: new Date(endsAt), problems };
}
