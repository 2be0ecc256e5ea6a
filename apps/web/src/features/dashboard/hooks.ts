import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SignalBandKey } from '@pondesk/contracts';
import { fetchBandMembers, fetchDashboard, fetchDegrading } from './api';
import { dashboardKeys } from './query-keys';

/** Status changes come over the socket; signal levels move with each poll, so refresh at that pace. */
const SUMMARY_REFRESH_MS = 60_000;
export const BAND_PAGE_SIZE = 20;
export const DEGRADING_PAGE_SIZE = 10;
/** The Degrading list is made once a day; a few minutes old is as good as new. */
const DEGRADING_STALE_MS = 5 * 60_000;

const summaryQuery = queryOptions({
  queryKey: dashboardKeys.summary(),
  queryFn: ({ signal }) => fetchDashboard(signal),
});

export const useDashboard = () => useQuery({ ...summaryQuery, refetchInterval: SUMMARY_REFRESH_MS });

/** Asks for the summary before the page mounts (a cold load, while the shell renders). */
export const prefetchDashboard = (client: QueryClient): void => void client.prefetchQuery(summaryQuery);

export const useBandMembers = (band: SignalBandKey | null, page: number) =>
  useQuery({
    queryKey: dashboardKeys.band(band ?? 'excellent', page),
    queryFn: ({ signal }) => fetchBandMembers(band ?? 'excellent', page, BAND_PAGE_SIZE, signal),
    enabled: band !== null,
    // Keep the rows on screen while the next page loads, but never show one band's rows under another.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === band ? keepPreviousData(previous) : undefined,
  });

/** The Degrading card's page, on its own query so the counts never wait for it. */
export const useDegrading = (page: number) =>
  useQuery({
    queryKey: dashboardKeys.degrading(page),
    queryFn: ({ signal }) => fetchDegrading(page, DEGRADING_PAGE_SIZE, signal),
    staleTime: DEGRADING_STALE_MS,
    placeholderData: keepPreviousData,
  });
