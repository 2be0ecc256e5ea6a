import { useEffect, useMemo, useReducer } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SwitchCheckRequest,
  SwitchList,
  SwitchListQuery,
  SwitchOption,
  SwitchPortHistory,
  SwitchPortList,
  SwitchPortQuery,
  SwitchRequest,
  UpdateSwitchRequest,
} from '@pondesk/contracts';
import { ApiError } from '../../shared/http-client';
import { throttleTrailing, useSocketEvents } from '../../shared/use-socket-events';
import {
  checkSwitch,
  createSwitch,
  deleteSwitch,
  fetchPortHistory,
  fetchSwitchCatalogue,
  fetchSwitchOptions,
  fetchSwitchPorts,
  fetchSwitches,
  updateSwitch,
} from './api';
import { endsNow, resolveRange, type HistoryRange } from './history-range';
import { hasNewPorts, patchHistory, patchOptions, patchPortList, patchSwitchList } from './live-updates';
import { switchKeys } from './query-keys';
import { IDLE_CHECK, switchCheckReducer, type SwitchCheckState } from './switch-check';
import { checkKeyOf } from './switch-form';

/** Polls of many switches end close together: refetch at most this often. */
const LIVE_REFETCH_THROTTLE_MS = 3000;
/** Readings move with every poll even without an event (below the change threshold). */
const LIST_REFRESH_MS = 60_000;
export const SWITCH_CHECK_DEBOUNCE_MS = 500;

export const useSwitchList = (query: SwitchListQuery) =>
  useQuery({
    queryKey: switchKeys.list(query),
    queryFn: ({ signal }) => fetchSwitches(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_REFRESH_MS,
  });

export const useSwitchCatalogue = (enabled = true) =>
  useQuery({
    queryKey: switchKeys.catalogue(),
    queryFn: ({ signal }) => fetchSwitchCatalogue(signal),
    staleTime: 5 * 60_000,
    enabled,
  });

export const useSwitchOptions = () =>
  useQuery({
    queryKey: switchKeys.options(),
    queryFn: ({ signal }) => fetchSwitchOptions(signal),
    staleTime: 60_000,
  });

export const useSwitchPorts = (query: SwitchPortQuery, enabled = true) =>
  useQuery({
    queryKey: switchKeys.ports(query),
    queryFn: ({ signal }) => fetchSwitchPorts(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_REFRESH_MS,
    enabled,
  });

/** A port's history over a range; a preset range is worked out again at each fetch, so it ends now. */
export const usePortHistory = (portId: string | undefined, range: HistoryRange) =>
  useQuery({
    queryKey: switchKeys.history(portId ?? '', range),
    queryFn: ({ signal }) => {
      const r = resolveRange(range, Date.now());
      if (!r) throw new Error('The range is not valid');
      return fetchPortHistory(portId ?? '', r.from, r.to, signal);
    },
    enabled: !!portId && !!resolveRange(range, Date.now()),
    placeholderData: keepPreviousData,
    refetchInterval: endsNow(range) ? LIST_REFRESH_MS : false,
  });

function useInvalidateSwitches() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: switchKeys.lists() });
    void qc.invalidateQueries({ queryKey: switchKeys.options() });
    void qc.invalidateQueries({ queryKey: switchKeys.portLists() });
  };
}

export function useCreateSwitch() {
  const invalidate = useInvalidateSwitches();
  return useMutation({ mutationFn: (body: SwitchRequest) => createSwitch(body), onSuccess: invalidate });
}

export function useUpdateSwitch() {
  const invalidate = useInvalidateSwitches();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateSwitchRequest }) => updateSwitch(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteSwitch() {
  const invalidate = useInvalidateSwitches();
  return useMutation({ mutationFn: (id: string) => deleteSwitch(id), onSuccess: invalidate });
}

/** 'Detect': asks the device which optics it speaks. */
export const useDetectBrand = () =>
  useMutation({ mutationFn: (body: SwitchCheckRequest) => checkSwitch({ ...body, detect: true }) });

/** True when the error means "no such switch or port here": 404, or an id the API refused as malformed. */
export function isNotFound(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.status === 404 || (error.status === 400 && 'id' in error.fields))
  );
}

/** The SNMP Port field's live check: run (debounced) whenever the address to check changes. */
export function useSwitchCheck(request: SwitchCheckRequest | null): SwitchCheckState {
  const [state, dispatch] = useReducer(switchCheckReducer, IDLE_CHECK);
  const key = checkKeyOf(request);
  useEffect(() => {
    dispatch({ type: 'input', key });
    if (!key || !request) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      dispatch({ type: 'started', key });
      checkSwitch(request, controller.signal).then(
        (response) => dispatch({ type: 'result', key, response }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          dispatch({
            type: 'failed',
            key,
            message: error instanceof Error ? error.message : 'The check failed',
          });
        },
      );
    }, SWITCH_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The key says everything the request does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}

/**
 * Keeps every cached switch screen in step with the socket: pushed port rows replace the shown ones at
 * once (a port going down turns red without a reload), statuses move, and a throttled refetch follows.
 */
export function useSwitchLiveUpdates(): void {
  const qc = useQueryClient();
  const refetch = useMemo(
    () =>
      throttleTrailing(() => {
        void qc.invalidateQueries({ queryKey: switchKeys.portLists() });
        void qc.invalidateQueries({ queryKey: switchKeys.lists() });
        void qc.invalidateQueries({ queryKey: switchKeys.histories() });
      }, LIVE_REFETCH_THROTTLE_MS),
    [qc],
  );
  useEffect(() => () => refetch.cancel(), [refetch]);
  useSocketEvents({
    'switch.ports.changed': (event) => {
      qc.setQueriesData<SwitchPortList>(
        { queryKey: switchKeys.portLists() },
        (old) => old && patchPortList(old, event),
      );
      for (const query of qc.getQueryCache().findAll({ queryKey: switchKeys.histories() })) {
        const range = query.queryKey[3] as HistoryRange;
        qc.setQueryData<SwitchPortHistory>(
          query.queryKey,
          (old) => old && patchHistory(old, event, endsNow(range)),
        );
      }
      const options = qc.getQueryData<SwitchOption[]>(switchKeys.options());
      if (options && hasNewPorts(options, event))
        void qc.invalidateQueries({ queryKey: switchKeys.options() });
      refetch.schedule();
    },
    'switch.status.changed': (event) => {
      qc.setQueryData<SwitchOption[]>(switchKeys.options(), (old) => old && patchOptions(old, event));
      qc.setQueriesData<SwitchList>(
        { queryKey: switchKeys.lists() },
        (old) => old && patchSwitchList(old, event),
      );
      refetch.schedule();
    },
    reconnect: () => {
      refetch.schedule();
      void qc.invalidateQueries({ queryKey: switchKeys.options() });
    },
  });
}
