import { ALERT_KIND_LABELS } from '@pondesk/contracts';
import type { OutgoingAlert } from './channels/channel-client';

/** Alerts one message carries at most; a longer burst goes out as several messages. */
export const MAX_ALERTS_PER_MESSAGE = 20;

const time = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** One alert as a line a person reads: what, where, since when. */
export function alertLine(a: OutgoingAlert): string {
  if (a.phase === 'resolve') {
    return `RESOLVED ${ALERT_KIND_LABELS[a.kind]}: ${a.title} (since ${time(a.openedAt)}, back ${time(a.resolvedAt ?? a.openedAt)})`;
  }
  return `ALERT ${ALERT_KIND_LABELS[a.kind]}: ${a.title} (${time(a.openedAt)})`;
}

/** The text of a message carrying one alert, or a burst of them grouped. */
export function messageText(alerts: readonly OutgoingAlert[]): string {
  if (alerts.length === 1) return `PonDesk ${alertLine(alerts[0])}`;
  const firing = alerts.filter((a) => a.phase === 'open').length;
  const head = `PonDesk: ${alerts.length} alerts (${firing} new, ${alerts.length - firing} resolved)`;
  return [head, ...alerts.map((a) => `- ${alertLine(a)}`)].join('\n');
}
