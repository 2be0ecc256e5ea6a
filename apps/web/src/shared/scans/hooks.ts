import { useQuery, type QueryClient } from '@tanstack/react-query';
import { fetchInactiveResults, fetchScanOlts } from './api';
import { scanKeys } from './query-keys';

/** OLTs come and go rarely; a minute-old list is fine for a picker. */
const OLTS_STALE_MS = 60_000;

const scanOltsQuery = {
  queryKey: scanKeys.olts(),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchScanOlts(signal),
  staleTime: OLTS_STALE_MS,
};

export const useScanOlts = () => useQuery(scanOltsQuery);

/** For the route table: the scanner's OLT list is asked for while the screen's code loads. */
export const prefetchScanOlts = (client: QueryClient) => void client.prefetchQuery(scanOltsQuery);

/** The last stored inactive-ONU result of each of these OLTs (none asked for when the list is empty). */
export const useInactiveResults = (oltIds: readonly string[]) =>
  useQuery({
    queryKey: scanKeys.inactiveResultsFor(oltIds),
    queryFn: ({ signal }) => fetchInactiveResults(oltIds, signal),
    enabled: oltIds.length > 0,
  });
