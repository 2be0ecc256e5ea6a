import { DOWN_COUNT_ALARM, rxLevel, type IngestRouter } from '@pondesk/contracts';
import { formatAgo } from '../../shared/format';
import { EMPTY } from '../../shared/sessions/session-format';
import { formatDbm } from '../onus';

/** What stands for the hidden part of the ingest key. */
export const KEY_MASK = '••••';

/** The ingest key hidden but for its last 4 characters ('••••9f2c'); a key that short is hidden whole. */
export function maskKey(key: string): string {
  return key.length > 4 ? `${KEY_MASK}${key.slice(-4)}` : KEY_MASK;
}

/** A router script as shown while the key is hidden: the key masked wherever the script carries it. */
export function maskScript(script: string, key: string): string {
  return key ? script.split(key).join(maskKey(key)) : script;
}

/** Rx as '-21.37 dBm', or '-' without a reading. */
export function formatRx(rxDbm: number | null | undefined): string {
  return rxDbm === null || rxDbm === undefined || !Number.isFinite(rxDbm) ? EMPTY : formatDbm(rxDbm);
}

/** The theme colour of an rx reading, by the lists' signal bands; none without a reading. */
export function rxColor(rxDbm: number | null | undefined): string | undefined {
  const level = rxLevel(rxDbm ?? null);
  return level === 'default' ? undefined : `${level}.main`;
}

/** Spec: a count above 100 shows red. */
export const isDownCountAlarm = (downCount: number): boolean => downCount > DOWN_COUNT_ALARM;

/** "3 min ago", or '-' when there is no time. */
export function agoOrDash(iso: string | null | undefined, now = Date.now()): string {
  return iso ? formatAgo(iso, now) : EMPTY;
}

/** The setup panel's one-line state, readable while it is folded. */
export function routersSummary(routers: readonly IngestRouter[], now = Date.now()): string {
  if (!routers.length) return 'No router has reported yet';
  const latest = routers.reduce((a, b) => (Date.parse(b.lastEventAt) > Date.parse(a.lastEventAt) ? b : a));
  const n = routers.length;
  return `${n} router${n === 1 ? '' : 's'} reporting · last event ${formatAgo(latest.lastEventAt, now)}`;
}
