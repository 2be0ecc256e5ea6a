import type { OnuQuery } from '@pondesk/contracts';
import type { OnuListSource } from './api';

export const onuKeys = {
  all: ['onus'] as const,
  lists: () => [...onuKeys.all, 'list'] as const,
  list: (source: OnuListSource, query: OnuQuery) => [...onuKeys.lists(), source, query] as const,
  filters: () => [...onuKeys.all, 'filters'] as const,
  details: () => [...onuKeys.all, 'detail'] as const,
  detail: (id: string) => [...onuKeys.details(), id] as const,
  signal: (id: string, day: string | null) => [...onuKeys.all, 'signal', id, day ?? 'all'] as const,
  signalDays: (id: string) => [...onuKeys.all, 'signal-days', id] as const,
  events: (id: string, page: number) => [...onuKeys.all, 'events', id, page] as const,
  /** Outside `all`: a live read of the OLT must not be repeated by every refetch of stored data. */
  realtime: (id: string) => ['onu-realtime', id] as const,
  /** Per OLT, outside `all`: ONU list refetches do not change how the OLT is written to. */
  writePaths: (oltId: string) => ['olt-write-paths', oltId] as const,
  pppoe: (id: string) => ['pppoe', 'lookup', id] as const,
  suggestions: (q: string) => ['pppoe', 'suggest', q] as const,
  dashboard: () => ['dashboard'] as const,
};
