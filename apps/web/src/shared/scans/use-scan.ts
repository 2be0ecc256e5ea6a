import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { InactiveScanResult, ScanKind, ScanStarted } from '@pondesk/contracts';
import { messageOf } from '../ui/errors';
import { useSocketEvents } from '../use-socket-events';
import { cancelScan, retryScanOlt } from './api';
import { initialScanState, isScanRunning, scanReducer, type ScanAction, type ScanState } from './scan-state';

export interface ScanControls<S extends ScanStarted> {
  state: ScanState<S>;
  /**
   * Starts a scan with `run` (the POST), cancelling the one before. Resolves with the scan, or null when
   * a newer start or the page closing overtook it; rejects with the call's error.
   */
  start: (run: () => Promise<S>) => Promise<S | null>;
  /** Runs one OLT's part again under the same scan id. */
  retry: (oltId: string) => void;
  /** Stops the scan: OLTs not begun are skipped. Rejects when the server refused. */
  cancel: () => Promise<void>;
  /** Stored results read after a reconnect (inactive scans): they settle OLTs whose answer was lost. */
  applyStored: (results: readonly InactiveScanResult[]) => void;
  /** After a reconnect: OLTs still waiting may never be answered (MAC find shows them as failed). */
  markLost: (error: string) => void;
}

export type ReconnectControls = Pick<ScanControls<ScanStarted>, 'applyStored' | 'markLost'>;

/**
 * One scan's live state for a screen: the start call's answer plus the socket events of that scan (events
 * of other scans, or of the other kind, are ignored). The scan is cancelled when the screen goes away.
 */
export function useScan<S extends ScanStarted>(
  kind: ScanKind,
  options: { onReconnect?: (state: ScanState<S>, controls: ReconnectControls) => void } = {},
): ScanControls<S> {
  const [state, dispatch] = useReducer(
    scanReducer as (s: ScanState<S>, a: ScanAction<S>) => ScanState<S>,
    undefined,
    () => initialScanState<S>(),
  );
  const latest = useRef(state);
  latest.current = state;
  const onReconnect = useRef(options.onReconnect);
  onReconnect.current = options.onReconnect;
  // Each start gets a number; the answer of a start that a later one (or unmounting) overtook is dropped.
  const generation = useRef(0);

  useSocketEvents({
    'scan.olt.started': (payload) => {
      if (payload.kind === kind) dispatch({ type: 'event', event: { name: 'scan.olt.started', payload } });
    },
    'scan.olt.finished': (payload) => {
      if (payload.kind === kind) dispatch({ type: 'event', event: { name: 'scan.olt.finished', payload } });
    },
    reconnect: () =>
      onReconnect.current?.(latest.current, {
        applyStored: (results) => dispatch({ type: 'stored', results }),
        markLost: (error) => dispatch({ type: 'connection-lost', error }),
      }),
  });

  /** Tells the server to stop the current scan, when it still has work left. */
  const stopOnServer = useCallback((): Promise<void> => {
    const s = latest.current;
    if (!s.scan || !isScanRunning(s)) return Promise.resolve();
    return cancelScan(s.scan.scanId);
  }, []);

  const start = useCallback(
    async (run: () => Promise<S>): Promise<S | null> => {
      void stopOnServer().catch(() => undefined);
      const mine = ++generation.current;
      dispatch({ type: 'starting' });
      try {
        const scan = await run();
        if (mine !== generation.current) {
          void cancelScan(scan.scanId).catch(() => undefined);
          return null;
        }
        dispatch({ type: 'started', scan });
        return scan;
      } catch (error) {
        if (mine === generation.current) dispatch({ type: 'start-failed' });
        throw error;
      }
    },
    [stopOnServer],
  );

  const retry = useCallback((oltId: string) => {
    const scan = latest.current.scan;
    if (!scan) return;
    dispatch({ type: 'retrying', oltId });
    retryScanOlt(scan.scanId, oltId).catch((error: unknown) =>
      dispatch({ type: 'retry-failed', oltId, error: messageOf(error, 'Retry failed') }),
    );
  }, []);

  const cancel = useCallback(async () => {
    generation.current += 1;
    const stopping = stopOnServer();
    dispatch({ type: 'cancelled' });
    await stopping;
  }, [stopOnServer]);

  const applyStored = useCallback(
    (results: readonly InactiveScanResult[]) => dispatch({ type: 'stored', results }),
    [],
  );
  const markLost = useCallback((error: string) => dispatch({ type: 'connection-lost', error }), []);

  // Closing the popup or leaving the page stops the scan: nobody is looking at its answers any more.
  useEffect(
    () => () => {
      generation.current += 1;
      void stopOnServer().catch(() => undefined);
    },
    [stopOnServer],
  );

  return { state, start, retry, cancel, applyStored, markLost };
}
