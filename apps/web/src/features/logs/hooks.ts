import { useEffect, useReducer } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeviceLogQuery } from '@pondesk/contracts';
import { useSocketEvents } from '../../shared/use-socket-events';
import { fetchLogDevices, fetchLogs } from './api';
import { initialLiveLog, liveLogReducer, type LiveLog } from './live';
import { logKeys } from './query-keys';

/** How many of the newest lines the Live Log List starts with. */
export const LIVE_FIRST_LINES = 100;

/** A page of the log; the previous page stays on screen while the next one loads. */
export const useLogList = (query: DeviceLogQuery) =>
  useQuery({
    queryKey: logKeys.list(query),
    queryFn: ({ signal }) => fetchLogs(query, signal),
    placeholderData: keepPreviousData,
    // Lines keep arriving: opening the list shows the latest.
    refetchOnMount: 'always',
  });

export const useLogDevices = () =>
  useQuery({
    queryKey: logKeys.devices(),
    queryFn: ({ signal }) => fetchLogDevices(signal),
    staleTime: 60_000,
  });

/**
 * The Live Log List: the newest lines of the device ('' for all), then each line the receiver stores as
 * it is pushed (`device.log.lines`); a reconnect reads the newest lines again to fill what was missed.
 */
export function useLiveLog(device: string): {
  state: LiveLog;
  pause: () => void;
  resume: () => void;
  loading: boolean;
  error: Error | null;
  retry: () => void;
} {
  const [state, dispatch] = useReducer(liveLogReducer, device, initialLiveLog);
  const first = useQuery({
    queryKey: logKeys.live(device),
    queryFn: ({ signal }) =>
      fetchLogs({ deviceId: device || undefined, pageSize: LIVE_FIRST_LINES, page: 1 }, signal),
    // Coming back to the page or to a device reads afresh; pushed lines keep it current in between.
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  useEffect(() => dispatch({ type: 'device', device }), [device]);
  const lines = first.data?.items;
  useEffect(() => {
    if (lines) dispatch({ type: 'loaded', device, lines });
  }, [lines, device]);
  useSocketEvents({
    'device.log.lines': (payload) => dispatch({ type: 'pushed', lines: payload.lines }),
    reconnect: () => void first.refetch(),
  });
  return {
    state,
    pause: () => dispatch({ type: 'pause' }),
    resume: () => dispatch({ type: 'resume' }),
    loading: first.isPending,
    error: first.isError ? first.error : null,
    retry: () => void first.refetch(),
  };
}
