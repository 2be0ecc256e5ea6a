import { useEffect, useMemo, useRef } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DownCountRow } from '@pondesk/contracts';
import { sessionKeys } from '../../shared/sessions/query-keys';
import { throttleTrailing, useSocketEvents } from '../../shared/use-socket-events';
import { onuKeys } from '../onus';
import {
  deleteDownCount,
  fetchDownCounts,
  fetchIngestSetup,
  rotateIngestKey,
  type DownCountQuery,
} from './api';
import { changesTouchRows, pendingOnOlt } from './live';
import { downCountKeys } from './query-keys';

/** Session events come in storms (thousands a second): refetch at most this often. */
export const LIVE_REFETCH_MS = 2000;

export const useDownCountList = (query: DownCountQuery) =>
  useQuery({
    queryKey: downCountKeys.list(query),
    queryFn: ({ signal }) => fetchDownCounts(query, signal),
    placeholderData: keepPreviousData,
  });

export const useIngestSetup = () =>
  useQuery({
    queryKey: downCountKeys.setup(),
    queryFn: ({ signal }) => fetchIngestSetup(signal),
  });

export function useRotateIngestKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: rotateIngestKey,
    onSuccess: (setup) => qc.setQueryData(downCountKeys.setup(), setup),
  });
}

export function useDeleteDownCount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (pppoeId: string) => deleteDownCount(pppoeId),
    onSuccess: (_, pppoeId) => {
      void qc.invalidateQueries({ queryKey: downCountKeys.lists() });
      void qc.invalidateQueries({ queryKey: sessionKeys.history(pppoeId) });
      // The PPPoE page's Down Count tile counts the same events.
      void qc.invalidateQueries({ queryKey: onuKeys.pppoe(pppoeId) });
    },
  });
}

/**
 * Keeps the list (and the routers table) in step with the routers: each batch of session events
 * refetches them, at most once every 2 s; so do ONU status changes on this page's rows and, while a
 * row's cause is pending, its OLT's poll (either may tell the cause). A reconnect catches up.
 */
export function useDownCountLiveUpdates(rows: readonly DownCountRow[] | undefined): void {
  const qc = useQueryClient();
  const shown = useRef(rows ?? []);
  shown.current = rows ?? [];
  const list = useMemo(
    () =>
      throttleTrailing(() => void qc.invalidateQueries({ queryKey: downCountKeys.lists() }), LIVE_REFETCH_MS),
    [qc],
  );
  const setup = useMemo(
    () =>
      throttleTrailing(() => void qc.invalidateQueries({ queryKey: downCountKeys.setup() }), LIVE_REFETCH_MS),
    [qc],
  );
  useEffect(
    () => () => {
      list.cancel();
      setup.cancel();
    },
    [list, setup],
  );
  useSocketEvents({
    'session.events': ({ events }) => {
      if (!events.length) return;
      list.schedule();
      setup.schedule();
    },
    'onu.status.changed': ({ changes }) => {
      if (changesTouchRows(changes, shown.current)) list.schedule();
    },
    'olt.poll.finished': ({ oltId }) => {
      if (pendingOnOlt(shown.current, oltId)) list.schedule();
    },
    reconnect: () => {
      list.schedule();
      setup.schedule();
    },
  });
}
