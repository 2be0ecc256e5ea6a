import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { mentionsPppoe } from '../../shared/sessions/session-format';
import { throttleTrailing, useSocketEvents } from '../../shared/use-socket-events';
import { onuKeys } from '../onus';

/** Session events come in storms: refetch at most this often. */
const SESSION_REFETCH_MS = 2000;

/**
 * The page's Down Count and last session move with the routers' session events: refetch the page's ONU
 * when one concerns its PPPoE id (or another id on the same ONU). Reconnects are caught up by the ONU
 * live updates, which refetch the same query.
 */
export function usePppoeSessionUpdates(pppoe: string, onuPppoeIds: readonly string[] | undefined): void {
  const qc = useQueryClient();
  const ids = useRef<readonly string[]>([]);
  ids.current = [pppoe, ...(onuPppoeIds ?? [])];
  const refetch = useMemo(
    () =>
      throttleTrailing(
        () => void qc.invalidateQueries({ queryKey: onuKeys.pppoe(pppoe) }),
        SESSION_REFETCH_MS,
      ),
    [qc, pppoe],
  );
  useEffect(() => () => refetch.cancel(), [refetch]);
  useSocketEvents({
    'session.events': ({ events }) => {
      if (mentionsPppoe(events, ids.current)) refetch.schedule();
    },
  });
}
