import { useEffect, useMemo } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Permission,
  type PopMonitor,
  type PopOutageQuery,
  type PopRequest,
  type PopSourceRequest,
  type PopSourceRow,
  type ServiceRequest,
} from '@pondesk/contracts';
import { throttleTrailing, useSocketEvents } from '../../shared/use-socket-events';
import { hasCode } from '../auth/session-store';
import { useSession } from '../auth/session';
import * as api from './api';
import { patchMonitor, patchSources } from './live';
import { popKeys } from './query-keys';

/** Spec 3 §9: the POP dashboard refreshes every 6 seconds. */
export const POP_MONITOR_REFRESH_MS = 6_000;
/** Outages open and close in bursts (a whole POP losing power): refetch the log at most this often. */
const LOG_REFETCH_THROTTLE_MS = 1_000;

const list = { placeholderData: keepPreviousData, refetchOnMount: 'always' } as const;

// ---- Area List ----

export const usePops = (search: string) =>
  useQuery({
    queryKey: popKeys.areaList(search),
    queryFn: ({ signal }) => api.fetchPops(search, signal),
    ...list,
  });

export const usePopOptions = () =>
  useQuery({
    queryKey: popKeys.options(),
    queryFn: ({ signal }) => api.fetchPopOptions(signal),
    staleTime: 30_000,
  });

/** Where the Area select's branches come from for this user, or null when they cannot list them. */
export function useBranchSource(): 'olts' | 'admin' | null {
  const { user } = useSession();
  if (hasCode(user, Permission.OltList)) return 'olts';
  if (hasCode(user, Permission.Admin)) return 'admin';
  return null;
}

export function useBranchChoices() {
  const source = useBranchSource();
  const query = useQuery({
    queryKey: popKeys.branches(source ?? 'none'),
    queryFn: ({ signal }) => api.fetchBranchChoices(source ?? 'olts', signal),
    enabled: source !== null,
    staleTime: 5 * 60_000,
  });
  return { ...query, allowed: source !== null };
}

/** After a POP changes: its lists, the choices, and what shows POP names (sources, dashboard, log). */
function useInvalidatePops() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: popKeys.all });
}

export function useSavePop() {
  const invalidate = useInvalidatePops();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PopRequest }) => api.savePop(id, body),
    onSuccess: invalidate,
  });
}

export function useDeletePop() {
  const invalidate = useInvalidatePops();
  return useMutation({ mutationFn: api.deletePop, onSuccess: invalidate });
}

// ---- Pop List ----

/** The power sources matching `search`; pushed state changes show at once. */
export function usePopSources(search: string) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: popKeys.sourceList(search),
    queryFn: ({ signal }) => api.fetchPopSources(search, signal),
    ...list,
  });
  useSocketEvents({
    'pop.sources.changed': (event) =>
      qc.setQueriesData<PopSourceRow[]>({ queryKey: popKeys.sources() }, (rows) =>
        rows ? patchSources(rows, event) : rows,
      ),
    reconnect: () => void query.refetch(),
  });
  return query;
}

export function useSavePopSource() {
  const invalidate = useInvalidatePops();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PopSourceRequest }) => api.savePopSource(id, body),
    onSuccess: invalidate,
  });
}

export function useDeletePopSource() {
  const invalidate = useInvalidatePops();
  return useMutation({ mutationFn: api.deletePopSource, onSuccess: invalidate });
}

// ---- Pop Monitor ----

/**
 * The POP dashboard: read every 6 seconds (spec 3 §9; it also brings sources other users added), and
 * each pushed change patched in at once so a card turns red without waiting for the next read.
 */
export function usePopMonitor() {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: popKeys.monitor(),
    queryFn: ({ signal }) => api.fetchPopMonitor(signal),
    refetchInterval: POP_MONITOR_REFRESH_MS,
    refetchOnMount: 'always',
  });
  useSocketEvents({
    'pop.sources.changed': (event) =>
      qc.setQueryData<PopMonitor>(popKeys.monitor(), (m) => (m ? patchMonitor(m, event) : m)),
    reconnect: () => void query.refetch(),
  });
  return query;
}

// ---- Pop Elc Down Log ----

/**
 * A page of outages, read again on each pushed change: a source going down opens an outage and coming
 * back closes one (only a new source's first result does neither, and costs one read).
 */
export function usePopOutages(query: PopOutageQuery) {
  const qc = useQueryClient();
  const result = useQuery({
    queryKey: popKeys.outageList(query),
    queryFn: ({ signal }) => api.fetchPopOutages(query, signal),
    ...list,
  });
  const refetch = useMemo(
    () =>
      throttleTrailing(
        () => void qc.invalidateQueries({ queryKey: popKeys.outages() }),
        LOG_REFETCH_THROTTLE_MS,
      ),
    [qc],
  );
  useEffect(() => () => refetch.cancel(), [refetch]);
  useSocketEvents({
    'pop.sources.changed': refetch.schedule,
    reconnect: refetch.schedule,
  });
  return result;
}

// ---- Service List ----

export const useServices = (search: string) =>
  useQuery({
    queryKey: popKeys.serviceList(search),
    queryFn: ({ signal }) => api.fetchServices(search, signal),
    ...list,
  });

export function useSaveService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ServiceRequest }) => api.saveService(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: popKeys.services() }),
  });
}

export function useDeleteService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: api.deleteService,
    onSuccess: () => qc.invalidateQueries({ queryKey: popKeys.services() }),
  });
}
