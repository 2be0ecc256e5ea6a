import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchActiveEvent, fetchPublicContent, fetchTenantContent, markEventSeen } from './api';
import { contentKeys } from './query-keys';

/** The platform's content changes seldom: a page keeps what it read for a few minutes. */
const CONTENT_STALE_MS = 5 * 60_000;

export const usePublicContent = (enabled = true) =>
  useQuery({
    queryKey: contentKeys.public(),
    queryFn: ({ signal }) => fetchPublicContent(signal),
    staleTime: CONTENT_STALE_MS,
    enabled,
  });

export const useTenantContent = (enabled: boolean) =>
  useQuery({
    queryKey: contentKeys.tenant(),
    queryFn: ({ signal }) => fetchTenantContent(signal),
    staleTime: CONTENT_STALE_MS,
    enabled,
  });

/** Read once per page load: the popup shows at most once a load. */
export const useActiveEvent = (enabled: boolean) =>
  useQuery({
    queryKey: contentKeys.activeEvent(),
    queryFn: ({ signal }) => fetchActiveEvent(signal),
    staleTime: Infinity,
    enabled,
  });

export function useMarkEventSeen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markEventSeen(id),
    onSuccess: (_, id) =>
      qc.setQueryData(contentKeys.activeEvent(), (old: { id: string } | null | undefined) =>
        old?.id === id ? null : old,
      ),
  });
}
