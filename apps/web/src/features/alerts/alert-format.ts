import {
  ALERT_CHANNEL_KIND_LABELS,
  ALERT_KIND_LABELS,
  type AlertChannel,
  type AlertDelivery,
  type AlertDeliveryStatus,
  type AlertRow,
  type AlertSilence,
} from '@pondesk/contracts';
import { formatDateTime } from '../../shared/format';

const TARGET_LABELS = { switch: 'Switch', server: 'Server', pop: 'POP' } as const;

/** Where an alert happened: 'OLT-1 · PON 3', the OLT alone, 'Switch Core-1' / 'POP Mirpur', or '—'. */
export function alertPlace(
  row: Pick<AlertRow, 'oltName' | 'oltId' | 'ponPort'> &
    Partial<Pick<AlertRow, 'targetType' | 'targetId' | 'targetName'>>,
): string {
  const olt = row.oltName ?? row.oltId;
  if (!olt && row.targetType)
    return `${TARGET_LABELS[row.targetType]} ${row.targetName ?? row.targetId ?? ''}`.trim();
  if (!olt) return row.ponPort !== null ? `PON ${row.ponPort}` : '—';
  return row.ponPort !== null ? `${olt} · PON ${row.ponPort}` : olt;
}

export const alertKindLabel = (kind: string): string =>
  (ALERT_KIND_LABELS as Record<string, string>)[kind] ?? kind;

type ChipColor = 'success' | 'warning' | 'error' | 'default';

export const DELIVERY_STATUS_COLORS: Record<AlertDeliveryStatus, ChipColor> = {
  delivered: 'success',
  pending: 'warning',
  sending: 'warning',
  failed: 'error',
};

/** A delivery's chip text: the channel, and 'recovery' when it carries the all-clear. */
export const deliveryLabel = (d: AlertDelivery): string =>
  d.phase === 'resolve' ? `${d.channelName} (recovery)` : d.channelName;

const attempts = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;

/** The chip's tooltip: what happened to the message, and the channel's error when it failed. */
export function deliveryDetail(d: AlertDelivery): string {
  const what = `${ALERT_CHANNEL_KIND_LABELS[d.channelKind] ?? d.channelKind} · ${
    d.phase === 'resolve' ? 'recovery message' : 'alert message'
  }`;
  switch (d.status) {
    case 'delivered':
      return `${what}: delivered ${formatDateTime(d.deliveredAt, '')}`.trim();
    case 'failed':
      return `${what}: failed after ${attempts(d.attempts)}${d.lastError ? `: ${d.lastError}` : ''}`;
    case 'sending':
      return `${what}: sending (${attempts(d.attempts + 1)})`;
    default:
      return d.attempts
        ? `${what}: waiting to retry after ${attempts(d.attempts)}${d.lastError ? `: ${d.lastError}` : ''}`
        : `${what}: waiting to be sent`;
  }
}

/** The kind-specific figures as one short line ('onus: 12 · reasons: los, power-off'). */
export function alertDetailText(detail: Record<string, unknown> | null | undefined): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(detail ?? {})) {
    if (value === null || value === undefined || (typeof value === 'object' && !Array.isArray(value)))
      continue;
    const text = Array.isArray(value) ? value.filter((v) => typeof v !== 'object').join(', ') : String(value);
    if (text) parts.push(`${humanKey(key)}: ${text}`);
  }
  return parts.join(' · ');
}

const humanKey = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();

/** Who acknowledged an alert and when, or null while nobody has. */
export function ackText(row: Pick<AlertRow, 'acknowledgedAt' | 'acknowledgedBy'>): string | null {
  if (!row.acknowledgedAt) return null;
  return `Acknowledged${row.acknowledgedBy ? ` by ${row.acknowledgedBy}` : ''} · ${formatDateTime(
    row.acknowledgedAt,
  )}`;
}

/** What a channel sends to, in a few words. */
export function channelTargets(c: AlertChannel): string {
  const list = (items: string[] = [], one: string, many: string) => {
    const n = items.length;
    if (!n) return '';
    const shown = items.slice(0, 3).join(', ');
    return `${n} ${n === 1 ? one : many}: ${shown}${n > 3 ? ', …' : ''}`;
  };
  let text: string;
  if (c.kind === 'telegram') text = list(c.chatIds, 'chat', 'chats');
  else if (c.kind === 'whatsapp') {
    const who = list(c.recipients, 'recipient', 'recipients');
    const template = c.templateName
      ? `template ${c.templateName}${c.languageCode ? ` (${c.languageCode})` : ''}`
      : '';
    text = [who, template].filter(Boolean).join(' · ');
  } else text = c.url ? hostOf(c.url) : '';
  const device = c.useDeviceIds && c.kind !== 'webhook' ? "each OLT's own id" : '';
  return [text, device].filter(Boolean).join(' + ') || '—';
}

/** A webhook URL shown by its host and path (its query may carry a token). */
function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return url;
  }
}

export type SilenceState = 'active' | 'scheduled' | 'ended';

export function silenceState(s: Pick<AlertSilence, 'startsAt' | 'endsAt'>, now: number): SilenceState {
  if (Date.parse(s.endsAt) <= now) return 'ended';
  return Date.parse(s.startsAt) > now ? 'scheduled' : 'active';
}
