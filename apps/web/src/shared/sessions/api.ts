import type { SessionHistory } from '@pondesk/contracts';
import { browserTimeZone } from '../format';
import { http } from '../http-client';

/** A PPPoE id's session events of the last 30 days, grouped by day in the browser's time zone. */
export const fetchSessionHistory = (pppoeId: string, signal?: AbortSignal) =>
  http<SessionHistory>(`/down-counts/${encodeURIComponent(pppoeId)}/history`, {
    query: { tz: browserTimeZone() },
    signal,
  });
