import { useEffect, useMemo } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OnuDetail, OnuList, OnuQuery, PppoeLookup, UpdateOnuDataRequest } from '@pondesk/contracts';
import { throttleTrailing, useSocketEvents } from '../../shared/use-socket-events';
import {
  checkOltTelnet,
  clearOnu,
  deleteOnuRecord,
  fetchOnu,
  fetchOnuFilters,
  fetchOnuEvents,
  fetchOnus,
  fetchSignal,
  fetchSignalDays,
  fetchWritePaths,
  lookupPppoe,
  readOnuRealtime,
  readOnuSignal,
  rebootOnu,
  suggestPppoe,
  updateOnuData,
  type OnuListSource,
  type OnuWriteInput,
} from './api';
import { patchLookup, patchOnuDetail, patchOnuList } from './live-updates';
import { onuKeys } from './query-keys';

/** Many ONUs change at once when a PON goes down: refetch at most this often. */
const LIVE_REFETCH_THROTTLE_MS = 3000;
const LIST_REFRESH_MS = 60_000;

export const useOnuList = (source: OnuListSource, query: OnuQuery) =>
  useQuery({
    queryKey: onuKeys.list(source, query),
    queryFn: ({ signal }) => fetchOnus(source, query, signal),
    placeholderData: keepPreviousData,
    // Status changes arrive over the socket; signal levels move with each poll.
    refetchInterval: LIST_REFRESH_MS,
  });

export const useOnuFilters = () =>
  useQuery({
    queryKey: onuKeys.filters(),
    queryFn: ({ signal }) => fetchOnuFilters(signal),
    staleTime: 60_000,
  });

export const useOnu = (id: string | undefined) =>
  useQuery({
    queryKey: onuKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchOnu(id ?? '', signal),
    enabled: !!id,
  });

export const usePppoeLookup = (pppoeId: string | undefined) =>
  useQuery({
    queryKey: onuKeys.pppoe(pppoeId ?? ''),
    queryFn: ({ signal }) => lookupPppoe(pppoeId ?? '', signal),
    enabled: !!pppoeId,
    retry: false,
  });

export const usePppoeSuggestions = (q: string) =>
  useQuery({
    queryKey: onuKeys.suggestions(q),
    queryFn: ({ signal }) => suggestPppoe(q, signal),
    enabled: q.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const useSignalHistory = (id: string | undefined, day: string | null) =>
  useQuery({
    queryKey: onuKeys.signal(id ?? '', day),
    queryFn: ({ signal }) => fetchSignal(id ?? '', day, signal),
    enabled: !!id,
    placeholderData: keepPreviousData,
  });

export const useSignalDays = (id: string | undefined) =>
  useQuery({
    queryKey: onuKeys.signalDays(id ?? ''),
    queryFn: ({ signal }) => fetchSignalDays(id ?? '', signal),
    enabled: !!id,
  });

export const useOnuEvents = (id: string | undefined, page: number, pageSize = 20, enabled = true) =>
  useQuery({
    queryKey: onuKeys.events(id ?? '', page),
    queryFn: ({ signal }) => fetchOnuEvents(id ?? '', page, pageSize, signal),
    enabled: !!id && enabled,
    placeholderData: keepPreviousData,
  });

/** ONU Realtime reads the OLT: only when the tab is open, and again only when asked. */
export const useOnuRealtime = (id: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: onuKeys.realtime(id ?? ''),
    queryFn: () => readOnuRealtime(id ?? ''),
    enabled: !!id && enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** The OLT's telnet login, checked while the Clear dialog is open (Yes waits for it). */
export const useTelnetCheck = (oltId: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['olts', 'telnet-check', oltId ?? ''],
    queryFn: ({ signal }) => checkOltTelnet(oltId ?? '', signal),
    enabled: !!oltId && enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** How the OLT's writes are sent, read while a write dialog is open (the stored credentials may change). */
export const useWritePaths = (oltId: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: onuKeys.writePaths(oltId ?? ''),
    queryFn: ({ signal }) => fetchWritePaths(oltId ?? '', signal),
    enabled: !!oltId && enabled,
    staleTime: 0,
    retry: false,
  });

function useInvalidateOnus() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: onuKeys.all });
    void qc.invalidateQueries({ queryKey: ['pppoe'] });
    void qc.invalidateQueries({ queryKey: onuKeys.dashboard() });
  };
}

export function useUpdateOnuData() {
  const invalidate = useInvalidateOnus();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateOnuDataRequest }) => updateOnuData(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteOnuRecord() {
  const invalidate = useInvalidateOnus();
  return useMutation({ mutationFn: (id: string) => deleteOnuRecord(id), onSuccess: invalidate });
}

export function useClearOnu() {
  const invalidate = useInvalidateOnus();
  return useMutation({ mutationFn: (input: OnuWriteInput) => clearOnu(input), onSuccess: invalidate });
}

/** Answers once the reboot is sent; the verdict comes later over the socket (WriteVerdictToasts). */
export const useRebootOnu = () => useMutation({ mutationFn: (input: OnuWriteInput) => rebootOnu(input) });

export const useReadSignal = () => useMutation({ mutationFn: (id: string) => readOnuSignal(id) });

/**
 * Keeps ONU lists, ONU pages and the dashboard in step with the socket: a poll's status changes are
 * patched into every cached copy at once (one update per message, not per ONU), then the affected
 * queries are refetched (throttled) for the figures.
 */
export function useOnuLiveUpdates(): void {
  const qc = useQueryClient();
  const refetch = useMemo(
    () =>
      throttleTrailing(() => {
        void qc.invalidateQueries({ queryKey: onuKeys.all });
        void qc.invalidateQueries({ queryKey: ['pppoe', 'lookup'] });
        void qc.invalidateQueries({ queryKey: onuKeys.dashboard() });
      }, LIVE_REFETCH_THROTTLE_MS),
    [qc],
  );
  useEffect(() => () => refetch.cancel(), [refetch]);
  useSocketEvents({
    // One message per OLT and poll with all its changes: each cached copy is patched once for the batch.
    'onu.status.changed': ({ changes }) => {
      if (!changes.length) return;
      qc.setQueriesData<OnuList>({ queryKey: onuKeys.lists() }, (old) => old && patchOnuList(old, changes));
      qc.setQueriesData<OnuDetail>(
        { queryKey: onuKeys.details() },
        (old) => old && patchOnuDetail(old, changes),
      );
      qc.setQueriesData<PppoeLookup>(
        { queryKey: ['pppoe', 'lookup'] },
        (old) => old && patchLookup(old, changes),
      );
      refetch.schedule();
    },
    reconnect: () => refetch.schedule(),
  });
}
