import { useEffect, useMemo, useReducer, type Dispatch } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateOltRequest, OltDetail, OltList, ProbeRequest } from '@pondesk/contracts';
import { ApiError } from '../../shared/http-client';
import { throttleTrailing, useSocketEvents } from '../../shared/use-socket-events';
import {
  checkPort,
  createOlt,
  deleteOlt,
  fetchBranches,
  fetchOlt,
  fetchOltCatalogue,
  fetchOlts,
  pollOlt,
  probeOlt,
  updateOlt,
} from './api';
import type { OltListParams } from './list-params';
import { needsRefetch, patchDetail, patchList, type OltEvent } from './live-updates';
import type { OltUpdateBody } from './olt-form';
import {
  checksReducer,
  initialChecks,
  splitKey,
  type CheckAction,
  type CheckTarget,
  type ChecksState,
} from './port-checks';
import { oltKeys } from './query-keys';

/** CPU and memory change every minute without an event of their own; refresh them at that pace. */
const HEALTH_REFRESH_MS = 60_000;
/** Many OLTs finish polls every second on a big fleet: refetch at most this often. */
const LIVE_REFETCH_THROTTLE_MS = 5_000;
export const PORT_CHECK_DEBOUNCE_MS = 500;

export const useOltList = (params: OltListParams) =>
  useQuery({
    queryKey: oltKeys.list(params),
    queryFn: ({ signal }) => fetchOlts(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: HEALTH_REFRESH_MS,
  });

export const useOlt = (id: string | undefined) =>
  useQuery({
    queryKey: oltKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchOlt(id ?? '', signal),
    enabled: !!id,
    refetchInterval: HEALTH_REFRESH_MS,
  });

export const useOltCatalogue = () =>
  useQuery({
    queryKey: oltKeys.catalogue(),
    queryFn: ({ signal }) => fetchOltCatalogue(signal),
    staleTime: Infinity,
  });

export const useBranches = () =>
  useQuery({
    queryKey: oltKeys.branches(),
    queryFn: ({ signal }) => fetchBranches(signal),
    staleTime: 5 * 60_000,
  });

export function useCreateOlt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOltRequest) => createOlt(body),
    onSuccess: async (olt) => {
      // Seed the details page but leave it stale: the first poll starts at once and its events may reach
      // the socket before this response, so the page must fetch what the poll already stored.
      qc.setQueryData(oltKeys.detail(olt.id), olt);
      await qc.invalidateQueries({ queryKey: oltKeys.detail(olt.id), refetchType: 'none' });
      return qc.invalidateQueries({ queryKey: oltKeys.lists() });
    },
  });
}

export function useUpdateOlt(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OltUpdateBody) => updateOlt(id, body),
    onSuccess: (olt) => {
      qc.setQueryData(oltKeys.detail(olt.id), olt);
      return qc.invalidateQueries({ queryKey: oltKeys.lists() });
    },
  });
}

export function useDeleteOlt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteOlt(id),
    onSuccess: (_void, id) => {
      qc.removeQueries({ queryKey: oltKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: oltKeys.lists() });
    },
  });
}

export const usePollOlt = (id: string) => useMutation({ mutationFn: () => pollOlt(id) });

export const useProbeOlt = () => useMutation({ mutationFn: (body: ProbeRequest) => probeOlt(body) });

/** True when the error means "no such OLT here": 404, or an id that is not even a UUID. */
export function isNotFound(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.status === 404 || (error.status === 400 && 'id' in error.fields))
  );
}

/**
 * Checks the OLT telnet port and the MikroTik port as their addresses change (debounced); `null` keys
 * (empty or malformed fields) leave the check unknown.
 */
export function usePortChecks(oltKey: string | null, mikrotikKey: string | null): ChecksState {
  const [state, dispatch] = useReducer(checksReducer, initialChecks);
  usePortCheck('olt', oltKey, dispatch);
  usePortCheck('mikrotik', mikrotikKey, dispatch);
  return state;
}

function usePortCheck(target: CheckTarget, key: string | null, dispatch: Dispatch<CheckAction>): void {
  useEffect(() => {
    dispatch({ type: 'input', target, key });
    if (!key) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      dispatch({ type: 'started', target, key });
      checkPort(splitKey(key), controller.signal).then(
        (r) =>
          dispatch({ type: 'result', target, key, status: r.status, latencyMs: r.latencyMs, error: r.error }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          dispatch({
            type: 'failed',
            target,
            key,
            message: error instanceof Error ? error.message : 'The port check failed',
          });
        },
      );
    }, PORT_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [target, key, dispatch]);
}

/**
 * Keeps cached OLT lists and details in step with the socket: status and ONU counts are patched at
 * once, then the affected queries are refetched (throttled) for the header counts and health figures.
 */
export function useOltLiveUpdates(): void {
  const qc = useQueryClient();
  const refetch = useMemo(
    () =>
      throttleTrailing(() => {
        void qc.invalidateQueries({ queryKey: oltKeys.lists() });
        void qc.invalidateQueries({ queryKey: oltKeys.details() });
      }, LIVE_REFETCH_THROTTLE_MS),
    [qc],
  );
  useEffect(() => () => refetch.cancel(), [refetch]);
  const apply = (event: OltEvent) => {
    qc.setQueriesData<OltList>({ queryKey: oltKeys.lists() }, (old) => old && patchList(old, event));
    qc.setQueryData<OltDetail>(oltKeys.detail(event.payload.oltId), (old) => old && patchDetail(old, event));
    if (needsRefetch(event)) refetch.schedule();
  };
  useSocketEvents({
    'olt.reachability.changed': (payload) => apply({ name: 'olt.reachability.changed', payload }),
    'olt.poll.finished': (payload) => apply({ name: 'olt.poll.finished', payload }),
    'onu.status.changed': (payload) => apply({ name: 'onu.status.changed', payload }),
    reconnect: () => refetch.schedule(),
  });
}
