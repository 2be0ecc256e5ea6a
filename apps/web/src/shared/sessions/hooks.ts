import { useQuery } from '@tanstack/react-query';
import { fetchSessionHistory } from './api';
import { sessionKeys } from './query-keys';

/** Only while the popup is open; a new session event refetches it (see the popup). */
export const useSessionHistory = (pppoeId: string, enabled: boolean) =>
  useQuery({
    queryKey: sessionKeys.history(pppoeId),
    queryFn: ({ signal }) => fetchSessionHistory(pppoeId, signal),
    enabled: enabled && pppoeId.length > 0,
  });
