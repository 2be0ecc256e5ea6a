import type { DownCountList, DownCountSort, IngestSetup } from '@pondesk/contracts';
import { http } from '../../shared/http-client';

export interface DownCountQuery {
  q?: string;
  page: number;
  pageSize: number;
  sort: DownCountSort;
  order: 'asc' | 'desc';
}

const downCount = (pppoeId: string) => `/down-counts/${encodeURIComponent(pppoeId)}`;

export const fetchDownCounts = (query: DownCountQuery, signal?: AbortSignal) =>
  http<DownCountList>('/down-counts', { query: { ...query }, signal });

/** Removes that PPPoE id's session events: it leaves the list until its next drop. */
export const deleteDownCount = (pppoeId: string) => http<void>(downCount(pppoeId), { method: 'DELETE' });

export const fetchIngestSetup = (signal?: AbortSignal) => http<IngestSetup>('/ingest/setup', { signal });

/** The old key stops at once; the answer carries the new key and the scripts written with it. */
export const rotateIngestKey = () => http<IngestSetup>('/ingest/key/rotate', { method: 'POST' });
