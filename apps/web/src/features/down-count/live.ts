import type { DownCountRow, OnuStatusChange } from '@pondesk/contracts';
import { changesMention } from '../../shared/sessions/session-format';

/** Whether ONU status changes concern a row on this page (its ONU, or one of its PPPoE ids). */
export function changesTouchRows(
  changes: readonly Pick<OnuStatusChange, 'onuRef' | 'pppoeIds'>[],
  rows: readonly DownCountRow[],
): boolean {
  if (!changes.length || !rows.length) return false;
  const onuIds = new Set(rows.flatMap((r) => (r.onu ? [r.onu.id] : [])));
  return (
    changes.some((c) => onuIds.has(c.onuRef)) ||
    changesMention(
      changes,
      rows.map((r) => r.pppoeId),
    )
  );
}

/**
 * Whether a poll of this OLT may settle a cause still pending on this page: an ONU that stayed online
 * changes no status, so its poll is the only news. A row without an ONU may be on any OLT.
 */
export function pendingOnOlt(rows: readonly DownCountRow[], oltId: string): boolean {
  return rows.some((r) => r.lastCause === 'pending' && (!r.onu || r.onu.oltId === oltId));
}
