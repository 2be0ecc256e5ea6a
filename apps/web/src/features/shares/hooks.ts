import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import type { CreateShareToken, OnuList, OnuQuery } from '@pondesk/contracts';
import { ApiError } from '../../shared/http-client';
import type { PonSocket } from '../../shared/socket';
import { throttleTrailing } from '../../shared/use-socket-events';
import { patchOnuList } from '../onus';
import {
  createShareToken,
  fetchShareOlts,
  fetchShareTokens,
  fetchSharedFilters,
  fetchSharedOnus,
  fetchSharedView,
  revokeShareToken,
  updateOltShareToken,
} from './api';
import { shareKeys } from './query-keys';

export const useShareTokens = (page: number, pageSize: number) =>
  useQuery({
    queryKey: shareKeys.list(page, pageSize),
    queryFn: ({ signal }) => fetchShareTokens(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export const useShareOlts = (enabled = true) =>
  useQuery({
    queryKey: shareKeys.olts(),
    queryFn: ({ signal }) => fetchShareOlts(signal),
    staleTime: 60_000,
    enabled,
  });

export function useCreateShareToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareToken) => createShareToken(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: shareKeys.all }),
  });
}

export function useRevokeShareToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeShareToken(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: shareKeys.all }),
  });
}

export function useUpdateOltShareToken(oltId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token?: string) => updateOltShareToken(oltId, token),
    onSuccess: () => qc.invalidateQueries({ queryKey: shareKeys.all }),
  });
}

/** A link that no longer works answers 401; asking again will not change that. */
const retryUnlessInvalid = (count: number, error: Error) =>
  !(error instanceof ApiError && (error.status === 401 || error.status === 404 || error.status === 429)) &&
  count < 2;

export const useSharedView = (token: string) =>
  useQuery({
    queryKey: shareKeys.sharedView(token),
    queryFn: ({ signal }) => fetchSharedView(token, signal),
    retry: retryUnlessInvalid,
    refetchInterval: 60_000,
  });

export const useSharedOnus = (token: string, query: OnuQuery) =>
  useQuery({
    queryKey: shareKeys.sharedList(token, query),
    queryFn: ({ signal }) => fetchSharedOnus(token, query, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessInvalid,
    refetchInterval: 60_000,
  });

export const useSharedFilters = (token: string) =>
  useQuery({
    queryKey: shareKeys.sharedFilters(token),
    queryFn: ({ signal }) => fetchSharedFilters(token, signal),
    retry: retryUnlessInvalid,
    staleTime: 60_000,
  });

/** Many ONUs change at once when a PON goes down: refetch the figures at most this often. */
const LIVE_REFETCH_THROTTLE_MS = 3000;

/**
 * The shared view's own socket, opened with the link's token: ONU status changes patch the table at once
 * and refetch the counts; the server closing it means the link was revoked or ran out (`ended` turns
 * true). It is not the console's session socket: a signed-in visitor's session is left alone.
 */
export function useSharedLive(token: string): { ended: boolean; connected: boolean } {
  const qc = useQueryClient();
  const [ended, setEnded] = useState(false);
  const [connected, setConnected] = useState(false);
  const refetch = useMemo(
    () =>
      throttleTrailing(
        () => void qc.invalidateQueries({ queryKey: shareKeys.shared(token) }),
        LIVE_REFETCH_THROTTLE_MS,
      ),
    [qc, token],
  );
  useEffect(() => {
    const socket: PonSocket = io({
      path: '/socket.io',
      transports: ['websocket'],
      auth: { shareToken: token },
    });
    let everConnected = false;
    socket.on('connect', () => {
      // Events sent while the socket was down are lost: catch up.
      if (everConnected) refetch.schedule();
      everConnected = true;
      setConnected(true);
    });
    socket.on('disconnect', (reason) => {
      setConnected(false);
      if (reason === 'io server disconnect') {
        setEnded(true);
        // The link itself says why on the next read.
        void qc.invalidateQueries({ queryKey: shareKeys.shared(token) });
      }
    });
    socket.on('onu.status.changed', ({ changes }) => {
      if (!changes.length) return;
      qc.setQueriesData<OnuList>(
        { queryKey: shareKeys.sharedLists(token) },
        (old) => old && patchOnuList(old, changes),
      );
      refetch.schedule();
    });
    socket.on('olt.poll.finished', () => refetch.schedule());
    socket.on('olt.reachability.changed', () => refetch.schedule());
    return () => {
      refetch.cancel();
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [qc, token, refetch]);
  return { ended, connected };
}
