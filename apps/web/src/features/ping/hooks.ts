import { useEffect, useReducer } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonitorServer } from '@pondesk/contracts';
import { useSocketEvents } from '../../shared/use-socket-events';
import { deleteServer, fetchServerHistory, fetchServers, saveServer } from './api';
import { liveServersReducer, type LiveServer } from './live';
import { pingKeys } from './query-keys';

/**
 * The IP monitor's servers matching `search`, moved on live: the list is read once (and again after a
 * change or a reconnect), then each second's `monitor.servers.samples` adds a point to each card.
 */
export function useLiveServers(search: string): {
  servers: LiveServer[] | undefined;
  loading: boolean;
  refreshing: boolean;
  error: Error | null;
  retry: () => void;
} {
  const list = useQuery({
    queryKey: pingKeys.list(search),
    queryFn: ({ signal }) => fetchServers(search, signal),
    placeholderData: keepPreviousData,
    // Pushed points keep it current while the page is open; opening it again reads afresh.
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  const [servers, dispatch] = useReducer(liveServersReducer, []);
  const data = list.data;
  useEffect(() => {
    if (data) dispatch({ type: 'loaded', servers: data });
  }, [data]);
  useSocketEvents({
    'monitor.servers.samples': (event) => dispatch({ type: 'samples', event }),
    // Seconds missed while the socket was down are on the server: read the list again.
    reconnect: () => void list.refetch(),
  });
  return {
    servers: data ? servers : undefined,
    loading: list.isPending,
    refreshing: list.isFetching && !list.isPending,
    error: list.isError ? list.error : null,
    retry: () => void list.refetch(),
  };
}

export const useServerHistory = (id: string, hours: number) =>
  useQuery({
    queryKey: pingKeys.history(id, hours),
    queryFn: ({ signal }) => fetchServerHistory(id, hours, signal),
    placeholderData: keepPreviousData,
    // A new minute is rolled up every minute.
    refetchInterval: 60_000,
  });

export function useSaveServer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: string | null; form: FormData }) => saveServer(id, form),
    onSuccess: () => qc.invalidateQueries({ queryKey: pingKeys.lists() }),
  });
}

export function useDeleteServer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteServer(id),
    onSuccess: (_void, id) => {
      // Gone from every list at once; the refetch confirms.
      qc.setQueriesData<MonitorServer[]>({ queryKey: pingKeys.lists() }, (list) =>
        list?.filter((s) => s.id !== id),
      );
      qc.removeQueries({ queryKey: [...pingKeys.all, 'history', id] });
      return qc.invalidateQueries({ queryKey: pingKeys.lists() });
    },
  });
}
