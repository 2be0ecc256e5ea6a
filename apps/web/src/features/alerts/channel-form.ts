// The API's own rules (the contracts'), checked here first so a mistake shows on its field.
import {
  ALERT_CHANNEL_LIST_MAX,
  ALERT_CHANNEL_NAME_MAX,
  ALERT_CHANNEL_RATE,
  ALERT_CHANNEL_RATE_DEFAULT,
  TELEGRAM_BOT_TOKEN_PATTERN,
  TELEGRAM_CHAT_ID_PATTERN,
  WEBHOOK_URL_MAX,
  WHATSAPP_LANGUAGE_PATTERN,
  WHATSAPP_PHONE_NUMBER_ID_PATTERN,
  WHATSAPP_RECIPIENT_PATTERN,
  WHATSAPP_TEMPLATE_PATTERN,
  parseInteger,
  type AlertChannel,
  type AlertChannelInput,
  type AlertChannelKind,
} from '@pondesk/contracts';
import { formFieldOf } from './list-params';

/** The Add/Edit channel dialog's fields as typed; each kind shows and sends only its own settings. */
export interface ChannelFormValues {
  kind: AlertChannelKind;
  name: string;
  enabled: boolean;
  useDeviceIds: boolean;
  ratePerMinute: string;
  /** Bot token, access token or signing secret; blank on edit keeps the stored one. */
  secret: string;
  chatIds: string[];
  phoneNumberId: string;
  recipients: string[];
  templateName: string;
  languageCode: string;
  url: string;
}

export type ChannelFormField = keyof ChannelFormValues;
export type ChannelFormErrors = Partial<Record<ChannelFormField, string>>;

/** What the secret is called for each kind. */
export const SECRET_LABELS: Record<AlertChannelKind, string> = {
  telegram: 'Bot token',
  whatsapp: 'Access token',
  webhook: 'Signing secret',
};

/** The kinds that can also send to the Telegram/WhatsApp id saved on each OLT. */
export const usesDeviceIds = (kind: AlertChannelKind): boolean => kind !== 'webhook';

export function channelFormFrom(c: AlertChannel | null): ChannelFormValues {
  return {
    kind: c?.kind ?? 'telegram',
    name: c?.name ?? '',
    enabled: c?.enabled ?? true,
    useDeviceIds: c?.useDeviceIds ?? false,
    ratePerMinute: String(c?.ratePerMinute ?? ALERT_CHANNEL_RATE_DEFAULT),
    secret: '',
    chatIds: [...(c?.chatIds ?? [])],
    phoneNumberId: c?.phoneNumberId ?? '',
    recipients: [...(c?.recipients ?? [])],
    templateName: c?.templateName ?? '',
    languageCode: c?.languageCode ?? 'en',
    url: c?.url ?? '',
  };
}

/**
 * The entries of a chips field: split on commas, semicolons and white space (a pasted list becomes
 * several chips), trimmed, each once.
 */
export function splitList(items: readonly string[]): string[] {
  const out: string[] = [];
  for (const item of items)
    for (const part of item.split(/[\s,;]+/)) if (part && !out.includes(part)) out.push(part);
  return out;
}

/** Why a typed secret would be refused, or null (a blank one is `channelFormErrors`' business). */
export function secretProblem(kind: AlertChannelKind, secret: string): string | null {
  if (kind === 'telegram')
    return TELEGRAM_BOT_TOKEN_PATTERN.test(secret)
      ? null
      : 'A bot token looks like 123456789:AAH… (from @BotFather)';
  if (kind === 'whatsapp')
    return secret.length >= 20 && secret.length <= 500 && /^[\x21-\x7e]+$/.test(secret)
      ? null
      : 'An access token is 20–500 characters, without spaces';
  return secret.length >= 16 && secret.length <= 200 ? null : 'A signing secret is 16–200 characters';
}

const isHttpUrl = (text: string): boolean => {
  try {
    const u = new URL(text.trim());
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/** The dialog's problems by field (only the chosen kind's fields are checked); `editing` lets the secret stay blank. */
export function channelFormErrors(v: ChannelFormValues, editing: boolean): ChannelFormErrors {
  const e: ChannelFormErrors = {};
  if (!v.name.trim()) e.name = 'Please enter a name for the channel';
  else if (v.name.trim().length > ALERT_CHANNEL_NAME_MAX)
    e.name = `At most ${ALERT_CHANNEL_NAME_MAX} characters`;
  if (parseInteger(v.ratePerMinute, ALERT_CHANNEL_RATE.min, ALERT_CHANNEL_RATE.max) === null)
    e.ratePerMinute = `Messages a minute, from ${ALERT_CHANNEL_RATE.min} to ${ALERT_CHANNEL_RATE.max}`;
  const secret = v.secret.trim();
  if (!secret) {
    if (!editing) e.secret = `Please enter the ${SECRET_LABELS[v.kind].toLowerCase()}`;
  } else {
    const problem = secretProblem(v.kind, secret);
    if (problem) e.secret = problem;
  }
  const deviceIds = v.useDeviceIds && usesDeviceIds(v.kind);
  if (v.kind === 'telegram') {
    const bad = v.chatIds.find((id) => !TELEGRAM_CHAT_ID_PATTERN.test(id));
    if (v.chatIds.length > ALERT_CHANNEL_LIST_MAX) e.chatIds = `At most ${ALERT_CHANNEL_LIST_MAX} chat ids`;
    else if (bad) e.chatIds = `“${bad}” is not a chat id (a number like -1001234567890, or @channel)`;
    else if (!v.chatIds.length && !deviceIds)
      e.chatIds = "Add a chat id, or send to each OLT's own Telegram id";
  } else if (v.kind === 'whatsapp') {
    if (!WHATSAPP_PHONE_NUMBER_ID_PATTERN.test(v.phoneNumberId.trim()))
      e.phoneNumberId = 'The sending number’s id from the WhatsApp Business settings (digits)';
    const bad = v.recipients.find((n) => !WHATSAPP_RECIPIENT_PATTERN.test(n));
    if (v.recipients.length > ALERT_CHANNEL_LIST_MAX)
      e.recipients = `At most ${ALERT_CHANNEL_LIST_MAX} recipients`;
    else if (bad)
      e.recipients = `“${bad}” is not a number in international form, digits only (e.g. 8801712345678)`;
    else if (!v.recipients.length && !deviceIds)
      e.recipients = "Add a recipient, or send to each OLT's own WhatsApp id";
    if (!WHATSAPP_TEMPLATE_PATTERN.test(v.templateName.trim()))
      e.templateName = 'The approved template’s name (lower case letters, digits and _)';
    if (!WHATSAPP_LANGUAGE_PATTERN.test(v.languageCode.trim()))
      e.languageCode = 'A language code such as en or en_US';
  } else if (!isHttpUrl(v.url)) e.url = 'An http:// or https:// address';
  else if (v.url.trim().length > WEBHOOK_URL_MAX) e.url = `At most ${WEBHOOK_URL_MAX} characters`;
  return e;
}

/** POST and PATCH /alerts/channels from valid values; a blank secret is left out (kept, on edit). */
export function toChannelInput(v: ChannelFormValues): AlertChannelInput {
  const body: AlertChannelInput = {
    kind: v.kind,
    name: v.name.trim(),
    enabled: v.enabled,
    useDeviceIds: usesDeviceIds(v.kind) && v.useDeviceIds,
    ratePerMinute: Number(v.ratePerMinute.trim()),
  };
  if (v.secret.trim()) body.secret = v.secret.trim();
  if (v.kind === 'telegram') body.chatIds = [...v.chatIds];
  else if (v.kind === 'whatsapp') {
    body.phoneNumberId = v.phoneNumberId.trim();
    body.recipients = [...v.recipients];
    body.templateName = v.templateName.trim();
    body.languageCode = v.languageCode.trim();
  } else body.url = v.url.trim();
  return body;
}

const CHANNEL_FIELDS: readonly ChannelFormField[] = [
  'kind',
  'name',
  'enabled',
  'useDeviceIds',
  'ratePerMinute',
  'secret',
  'chatIds',
  'phoneNumberId',
  'recipients',
  'templateName',
  'languageCode',
  'url',
];

/** A 400's field errors under the dialog's fields (`chatIds.1` shows on the chat ids). */
export function channelServerErrors(fields: Record<string, string>): ChannelFormErrors {
  const e: ChannelFormErrors = {};
  for (const [serverField, message] of Object.entries(fields)) {
    const field = formFieldOf(serverField) as ChannelFormField;
    if (CHANNEL_FIELDS.includes(field)) e[field] ??= message;
  }
  return e;
}
