import { ONU_DOWN_REASON_LABELS, type OnuDownReasonCode } from '@pondesk/contracts';
import { NO_READING } from '../../shared/format';

/** Display helpers for ONU figures; a missing reading is shown as such, never as 0. */
export { NO_READING, formatDateTime } from '../../shared/format';

export function formatDbm(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? NO_READING
    : `${value.toFixed(2)} dBm`;
}

export function formatDistance(metres: number | null): string {
  if (metres === null || !Number.isFinite(metres)) return '—';
  return metres >= 1000 ? `${(metres / 1000).toFixed(2)} km` : `${Math.round(metres)} m`;
}

export function reasonLabel(reason: OnuDownReasonCode | null): string {
  return reason ? ONU_DOWN_REASON_LABELS[reason] : '—';
}

/** How full an rx bar is: -8 dBm (or stronger) fills it, -32 dBm (or weaker) leaves it empty. */
export function rxFill(rxDbm: number | null): number {
  if (rxDbm === null || !Number.isFinite(rxDbm)) return 0;
  return Math.round(Math.min(100, Math.max(0, ((rxDbm + 32) / 24) * 100)));
}

/** "3d 4h", "2h 5m", "45s": how long an ONU has been in its state. */
export function formatSince(iso: string | null, now = Date.now()): string {
  if (!iso) return '—';
  const s = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (!Number.isFinite(s)) return '—';
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d) return `${d}d ${h}h`;
  if (h) return `${h}h ${m}m`;
  return m ? `${m}m ${s % 60}s` : `${s}s`;
}

/** PPPoE ids typed into the Update Data box: one per line, or separated by commas or spaces. */
export function parseIdsInput(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}
