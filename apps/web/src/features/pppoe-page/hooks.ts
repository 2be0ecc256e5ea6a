import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ROUTER_LIVE_CHART_POINTS, ROUTER_LIVE_REFRESH_MS, type SubscriberSession } from '@pondesk/contracts';
import { messageOf } from '../../shared/ui/errors';
import { fetchLiveHosts, fetchLiveSession } from './api';
import { appendRatePoint, routerProblem, sessionStatus, type RatePoint } from './live-format';
import { liveKeys } from './query-keys';

/**
 * The live session, read again every ROUTER_LIVE_REFRESH_MS while the page is on screen; a background
 * tab reads nothing (react-query pauses the interval there) and catches up when it is shown again.
 */
export const useLiveSession = (onuId: string | undefined, pppoe: string | undefined) =>
  useQuery({
    queryKey: liveKeys.session(onuId ?? '', pppoe ?? ''),
    queryFn: ({ signal }) => fetchLiveSession(onuId ?? '', pppoe ?? '', signal),
    enabled: !!onuId && !!pppoe,
    refetchInterval: ROUTER_LIVE_REFRESH_MS,
    refetchIntervalInBackground: false,
    // The interval is the retry: a failed read is shown, and the next one comes in a few seconds.
    retry: false,
    gcTime: 0,
  });

/** The Hosts tab: read when the tab opens, and again only on its refresh button. */
export const useLiveHosts = (onuId: string | undefined, pppoe: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: liveKeys.hosts(onuId ?? '', pppoe ?? ''),
    queryFn: ({ signal }) => fetchLiveHosts(onuId ?? '', pppoe ?? '', signal),
    enabled: !!onuId && !!pppoe && enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** The rates of the last ROUTER_LIVE_CHART_POINTS reads, oldest first, for the small live chart. */
export function useRateHistory(live: SubscriberSession | undefined): RatePoint[] {
  const [points, setPoints] = useState<RatePoint[]>([]);
  useEffect(() => {
    if (live) setPoints((prev) => appendRatePoint(prev, live, ROUTER_LIVE_CHART_POINTS));
  }, [live]);
  return points;
}

/** What the page shows of the live session: the last answer, or why there is none. */
export interface LiveView {
  /** The last answer while it is current (not after a failed refresh). */
  data: SubscriberSession | undefined;
  /** When the browser received it (uptime counts on from there). */
  receivedAt: number;
  /** The first read is under way. */
  loading: boolean;
  /** Why the router's figures are missing, in one line; null when they are there (or loading). */
  problem: string | null;
  /** Online/Offline from the session, when the router answered. */
  status: 'online' | 'offline' | null;
  rates: RatePoint[];
}

export function useLiveView(onuId: string | undefined, pppoe: string | undefined): LiveView {
  const query = useLiveSession(onuId, pppoe);
  const rates = useRateHistory(query.data);
  const failed = query.isError;
  const data = failed ? undefined : query.data;
  return {
    data,
    receivedAt: query.dataUpdatedAt,
    loading: query.isPending && !!onuId && !!pppoe,
    problem: failed
      ? `Could not read the live session: ${messageOf(query.error, 'the server did not answer.')}`
      : data
        ? routerProblem(data.router)
        : null,
    status: sessionStatus(data),
    rates,
  };
}
