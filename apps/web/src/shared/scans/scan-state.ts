import type {
  InactiveScanResult,
  ScanFailureCode,
  ScanOlt,
  ScanOltFinishedEvent,
  ScanOltStartedEvent,
  ScanStarted,
} from '@pondesk/contracts';

/**
 * The live state of one scan (MAC find or inactive-ONU scan), fed by the answer of the call that started
 * it and by the socket events of its OLTs. Pure, so the screens' hook stays thin and this is tested.
 */
export type OltScanPhase = 'pending' | 'started' | 'done' | 'error';

export interface OltScanEntry {
  phase: OltScanPhase;
  /** When the worker began this OLT's part (its latest run, after a retry). */
  startedAt: string | null;
  /** The OLT's answer in this scan, once it came. */
  finished: ScanOltFinishedEvent | null;
  code: ScanFailureCode | null;
  /** Why the OLT has no answer: its own failure, or one the page noticed (a dropped connection). */
  error: string | null;
}

export type ScanEvent =
  | { name: 'scan.olt.started'; payload: ScanOltStartedEvent }
  | { name: 'scan.olt.finished'; payload: ScanOltFinishedEvent };

export interface ScanState<S extends ScanStarted = ScanStarted> {
  scan: S | null;
  /** Per OLT the scan covers. */
  entries: Record<string, OltScanEntry>;
  /** Stop was asked for: OLTs not yet begun were dropped. */
  cancelled: boolean;
  /** A start call is on its way: its scan id is not known yet. */
  awaiting: boolean;
  /**
   * Events that came while a start call was on its way: the worker may begin (and even finish) an OLT
   * before the call's answer arrives. Replayed once the scan id is known.
   */
  early: ScanEvent[];
  /**
   * Inactive scans only: the newest result per OLT, kept across scans (each is a fact about its OLT, like
   * the stored one), so an auto run's OLTs stay shown after the next single-OLT scan.
   */
  results: Record<string, InactiveScanResult>;
}

export type ScanAction<S extends ScanStarted = ScanStarted> =
  | { type: 'starting' }
  | { type: 'started'; scan: S }
  | { type: 'start-failed' }
  | { type: 'event'; event: ScanEvent }
  | { type: 'retrying'; oltId: string }
  | { type: 'retry-failed'; oltId: string; error: string }
  | { type: 'cancelled' }
  | { type: 'connection-lost'; error: string }
  | { type: 'stored'; results: readonly InactiveScanResult[] }
  | { type: 'reset' };

/** Events kept while a start call is on its way (a fleet of hundreds of OLTs sends two each). */
export const EARLY_EVENTS_MAX = 2000;

export const CANCELLED_TEXT = 'Cancelled';

export function initialScanState<S extends ScanStarted = ScanStarted>(): ScanState<S> {
  return { scan: null, entries: {}, cancelled: false, awaiting: false, early: [], results: {} };
}

const pendingEntry = (): OltScanEntry => ({
  phase: 'pending',
  startedAt: null,
  finished: null,
  code: null,
  error: null,
});

/** The result an inactive-scan answer carries; a cancelled OLT has none (its stored one still stands). */
export function resultOfEvent(event: ScanOltFinishedEvent): InactiveScanResult | null {
  if (event.kind !== 'inactive' || event.code === 'CANCELLED') return null;
  if (event.result) return event.result;
  if (event.ok) return null;
  return {
    oltId: event.oltId,
    scannedAt: event.at,
    ok: false,
    code: event.code,
    error: event.error,
    rows: [],
    durationMs: event.durationMs,
  };
}

const time = (iso: string): number => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
};

/** The newer of two results of one OLT (the later one on a tie: it arrived last). */
export function newerResult(
  a: InactiveScanResult | undefined | null,
  b: InactiveScanResult | undefined | null,
): InactiveScanResult | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return time(b.scannedAt) >= time(a.scannedAt) ? b : a;
}

function withResult(
  results: Record<string, InactiveScanResult>,
  result: InactiveScanResult | null,
): Record<string, InactiveScanResult> {
  if (!result) return results;
  const kept = newerResult(results[result.oltId], result);
  return kept === results[result.oltId]
    ? results
    : { ...results, [result.oltId]: kept as InactiveScanResult };
}

function applyEvent<S extends ScanStarted>(state: ScanState<S>, event: ScanEvent): ScanState<S> {
  const { oltId } = event.payload;
  const entry = state.entries[oltId];
  if (!entry) return state;
  if (event.name === 'scan.olt.started')
    return {
      ...state,
      entries: {
        ...state.entries,
        [oltId]: { ...entry, phase: 'started', startedAt: event.payload.at, code: null, error: null },
      },
    };
  const e = event.payload;
  return {
    ...state,
    entries: {
      ...state.entries,
      [oltId]: {
        ...entry,
        phase: e.ok ? 'done' : 'error',
        finished: e,
        code: e.code,
        error: e.ok ? null : (e.error ?? (e.code === 'CANCELLED' ? CANCELLED_TEXT : null)),
      },
    },
    results: withResult(state.results, resultOfEvent(e)),
  };
}

/** Waiting for its turn or being scanned. */
export const isOpen = (e: OltScanEntry | undefined): boolean =>
  e?.phase === 'pending' || e?.phase === 'started';

export function scanReducer<S extends ScanStarted>(state: ScanState<S>, action: ScanAction<S>): ScanState<S> {
  switch (action.type) {
    case 'starting':
      // The previous scan's per-OLT states no longer apply; results of inactive scans stay.
      return { ...initialScanState<S>(), results: state.results, awaiting: true };
    case 'started': {
      const { scan } = action;
      let next: ScanState<S> = {
        ...state,
        scan,
        entries: Object.fromEntries(scan.olts.map((o) => [o.id, pendingEntry()])),
        cancelled: false,
        awaiting: false,
        early: [],
      };
      for (const event of state.early)
        if (event.payload.scanId === scan.scanId) next = applyEvent(next, event);
      return next;
    }
    case 'start-failed':
      return { ...state, awaiting: false, early: [] };
    case 'event': {
      const { event } = action;
      if (state.scan && event.payload.scanId === state.scan.scanId) return applyEvent(state, event);
      if (state.awaiting) return { ...state, early: [...state.early, event].slice(-EARLY_EVENTS_MAX) };
      return state;
    }
    case 'retrying': {
      if (!state.entries[action.oltId]) return state;
      return { ...state, cancelled: false, entries: { ...state.entries, [action.oltId]: pendingEntry() } };
    }
    case 'retry-failed': {
      const entry = state.entries[action.oltId];
      if (!entry || entry.phase !== 'pending') return state;
      return {
        ...state,
        entries: { ...state.entries, [action.oltId]: { ...entry, phase: 'error', error: action.error } },
      };
    }
    case 'cancelled': {
      // OLTs not begun are skipped by the worker; one already talking to its OLT may still answer.
      const entries = { ...state.entries };
      for (const [id, e] of Object.entries(entries))
        if (e.phase === 'pending')
          entries[id] = { ...e, phase: 'error', code: 'CANCELLED', error: CANCELLED_TEXT };
      return { ...state, entries, cancelled: true, awaiting: false, early: [] };
    }
    case 'connection-lost': {
      // Answers sent while the socket was away are lost; a later answer still replaces this error.
      let changed = false;
      const entries = { ...state.entries };
      for (const [id, e] of Object.entries(entries))
        if (isOpen(e)) {
          changed = true;
          entries[id] = { ...e, phase: 'error', code: null, error: action.error };
        }
      return changed ? { ...state, entries } : state;
    }
    case 'stored': {
      // After a reconnect: a stored result newer than the scan's start is that OLT's (lost) answer.
      let results = state.results;
      const entries = { ...state.entries };
      const since = state.scan ? time(state.scan.startedAt) : Infinity;
      for (const r of action.results) {
        results = withResult(results, r);
        const e = entries[r.oltId];
        if (e && isOpen(e) && time(r.scannedAt) >= since)
          entries[r.oltId] = {
            ...e,
            phase: r.ok ? 'done' : 'error',
            code: r.code,
            error: r.ok ? null : r.error,
          };
      }
      return { ...state, entries, results };
    }
    case 'reset':
      return { ...initialScanState<S>(), results: state.results };
  }
}

/** An OLT still being worked on (or waiting its turn). */
export const isScanRunning = (state: ScanState): boolean =>
  state.awaiting || Object.values(state.entries).some(isOpen);

export interface ScanProgress {
  total: number;
  answered: number;
  failed: number;
  /** The OLT being scanned now, else the next one waiting (auto mode pauses between OLTs). */
  current: ScanOlt | null;
  running: boolean;
  /** 0–100, for a determinate progress bar. */
  percent: number;
}

export function scanProgress(state: ScanState): ScanProgress {
  const olts = state.scan?.olts ?? [];
  let answered = 0;
  let failed = 0;
  let started: ScanOlt | null = null;
  let startedAt = -Infinity;
  let waiting: ScanOlt | null = null;
  for (const olt of olts) {
    const e = state.entries[olt.id];
    if (!e) continue;
    if (e.phase === 'done' || e.phase === 'error') {
      answered += 1;
      if (e.phase === 'error') failed += 1;
    } else if (e.phase === 'started') {
      const at = e.startedAt ? time(e.startedAt) : 0;
      if (at >= startedAt) {
        started = olt;
        startedAt = at;
      }
    } else if (!waiting) waiting = olt;
  }
  const running = olts.some((o) => {
    const e = state.entries[o.id];
    return !!e && isOpen(e);
  });
  const total = olts.length;
  return {
    total,
    answered,
    failed,
    current: started ?? (running ? waiting : null),
    running,
    percent: total ? Math.round((answered / total) * 100) : 0,
  };
}
