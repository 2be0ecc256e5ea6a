import type {
  InactiveScanResult,
  MacFindHit,
  ScanOlt,
  ScanOltFinishedEvent,
  ScanStarted,
} from '@pondesk/contracts';
import {
  CANCELLED_TEXT,
  initialScanState,
  isScanRunning,
  newerResult,
  resultOfEvent,
  scanProgress,
  scanReducer,
  type ScanAction,
  type ScanState,
} from './scan-state';

const olt = (id: string, name = id): ScanOlt => ({
  id,
  code: id.toUpperCase(),
  name,
  brand: 'bdcom',
  mode: 'gpon',
  status: 'online',
});

const started: ScanStarted = {
  scanId: 's1',
  kind: 'inactive',
  olts: [olt('a', 'Alpha'), olt('b', 'Bravo'), olt('c', 'Charlie')],
  startedAt: '2026-05-01T10:00:00.000Z',
};

const run = (actions: ScanAction[], from: ScanState = initialScanState()): ScanState =>
  actions.reduce(scanReducer, from);

const begin = (oltId: string, scanId = 's1', at = '2026-05-01T10:00:01.000Z'): ScanAction => ({
  type: 'event',
  event: { name: 'scan.olt.started', payload: { scanId, kind: 'inactive', oltId, at } },
});

const finished = (
  oltId: string,
  extra: Partial<ScanOltFinishedEvent> = {},
  scanId = 's1',
): ScanOltFinishedEvent => ({
  scanId,
  kind: 'inactive',
  oltId,
  ok: true,
  code: null,
  error: null,
  at: '2026-05-01T10:00:05.000Z',
  durationMs: 4000,
  ...extra,
});

const finish = (oltId: string, extra: Partial<ScanOltFinishedEvent> = {}, scanId = 's1'): ScanAction => ({
  type: 'event',
  event: { name: 'scan.olt.finished', payload: finished(oltId, extra, scanId) },
});

const result = (oltId: string, scannedAt: string, ok = true): InactiveScanResult => ({
  oltId,
  scannedAt,
  ok,
  code: ok ? null : 'DEVICE',
  error: ok ? null : 'The OLT did not answer',
  rows: [],
  durationMs: 1200,
});

describe('scan state', () => {
  it('starts every covered OLT as pending, in order', () => {
    const s = run([{ type: 'starting' }, { type: 'started', scan: started }]);
    expect(Object.entries(s.entries).map(([id, e]) => [id, e.phase])).toEqual([
      ['a', 'pending'],
      ['b', 'pending'],
      ['c', 'pending'],
    ]);
    expect(isScanRunning(s)).toBe(true);
    expect(scanProgress(s)).toMatchObject({ total: 3, answered: 0, running: true, percent: 0 });
    expect(scanProgress(s).current?.name).toBe('Alpha');
  });

  it('follows an OLT from started to answered, and ignores other scans', () => {
    const s = run([
      { type: 'started', scan: started },
      begin('a'),
      begin('b', 'other-scan'),
      finish('c', {}, 'other-scan'),
    ]);
    expect(s.entries.a.phase).toBe('started');
    expect(s.entries.b.phase).toBe('pending');
    expect(s.entries.c.phase).toBe('pending');
    expect(scanProgress(s).current?.name).toBe('Alpha');

    const t = run([finish('a'), begin('b', 's1', '2026-05-01T10:00:07.000Z')], s);
    expect(t.entries.a.phase).toBe('done');
    expect(scanProgress(t)).toMatchObject({ answered: 1, failed: 0, percent: 33 });
    expect(scanProgress(t).current?.name).toBe('Bravo');
  });

  it('ignores events of OLTs the scan does not cover', () => {
    const s = run([{ type: 'started', scan: started }]);
    expect(run([finish('zzz')], s)).toBe(s);
  });

  it('keeps events that come before the start call answers and replays those of its scan', () => {
    const s = run([
      { type: 'starting' },
      begin('a'),
      finish('a'),
      begin('b', 'stale-scan'),
      { type: 'started', scan: started },
    ]);
    expect(s.entries.a.phase).toBe('done');
    expect(s.entries.b.phase).toBe('pending');
    expect(s.early).toEqual([]);
    expect(s.awaiting).toBe(false);
  });

  it('drops events of unknown scans when no start call is on its way', () => {
    const s = run([begin('a', 'x'), finish('a', {}, 'x')]);
    expect(s).toEqual(initialScanState());
  });

  it('records a failure with its code and message, and a retry sends the OLT back to pending', () => {
    const s = run([
      { type: 'started', scan: started },
      finish('b', { ok: false, code: 'TIMEOUT', error: 'The OLT did not answer in 30 s' }),
    ]);
    expect(s.entries.b).toMatchObject({
      phase: 'error',
      code: 'TIMEOUT',
      error: 'The OLT did not answer in 30 s',
    });
    expect(scanProgress(s)).toMatchObject({ answered: 1, failed: 1 });

    const r = run([{ type: 'retrying', oltId: 'b' }], s);
    expect(r.entries.b).toMatchObject({ phase: 'pending', code: null, error: null, finished: null });

    const refused = run([{ type: 'retry-failed', oltId: 'b', error: 'Too many scans' }], r);
    expect(refused.entries.b).toMatchObject({ phase: 'error', error: 'Too many scans' });
  });

  it('marks OLTs not begun as cancelled on stop; the one already running may still answer', () => {
    const s = run([{ type: 'started', scan: started }, begin('a'), { type: 'cancelled' }]);
    expect(s.cancelled).toBe(true);
    expect(s.entries.a.phase).toBe('started');
    expect(s.entries.b).toMatchObject({ phase: 'error', code: 'CANCELLED', error: CANCELLED_TEXT });
    expect(isScanRunning(s)).toBe(true);

    const t = run([finish('a')], s);
    expect(t.entries.a.phase).toBe('done');
    expect(isScanRunning(t)).toBe(false);
    expect(scanProgress(t).current).toBeNull();
  });

  it('turns OLTs still waiting after a reconnect into errors that a late answer replaces', () => {
    const s = run([
      { type: 'started', scan: started },
      finish('a'),
      begin('b'),
      { type: 'connection-lost', error: 'Connection lost' },
    ]);
    expect(s.entries.a.phase).toBe('done');
    expect(s.entries.b).toMatchObject({ phase: 'error', error: 'Connection lost' });
    expect(s.entries.c).toMatchObject({ phase: 'error', error: 'Connection lost' });
    expect(isScanRunning(s)).toBe(false);
    expect(run([finish('c')], s).entries.c.phase).toBe('done');
  });

  it('settles OLTs from stored results newer than the scan after a reconnect', () => {
    const s = run([
      { type: 'started', scan: started },
      begin('a'),
      {
        type: 'stored',
        results: [
          result('a', '2026-05-01T10:00:04.000Z'),
          result('b', '2026-04-30T08:00:00.000Z'),
          result('c', '2026-05-01T10:00:09.000Z', false),
        ],
      },
    ]);
    expect(s.entries.a.phase).toBe('done');
    expect(s.entries.b.phase).toBe('pending');
    expect(s.entries.c).toMatchObject({ phase: 'error', code: 'DEVICE', error: 'The OLT did not answer' });
    expect(Object.keys(s.results).sort()).toEqual(['a', 'b', 'c']);
  });

  it('keeps inactive results across scans, newest per OLT, but not a cancelled answer', () => {
    const rows = [{ ifName: 'GPON0/1:1' }] as InactiveScanResult['rows'];
    const first = result('a', '2026-05-01T10:00:05.000Z');
    const s = run([
      { type: 'started', scan: started },
      finish('a', { result: { ...first, rows } }),
      finish('b', { ok: false, code: 'CANCELLED', error: null }),
      { type: 'starting' },
      { type: 'started', scan: { ...started, scanId: 's2', olts: [olt('c')] } },
    ]);
    expect(s.results.a.rows).toEqual(rows);
    expect(s.results.b).toBeUndefined();
    expect(Object.keys(s.entries)).toEqual(['c']);
    expect(run([{ type: 'reset' }], s).results.a.rows).toEqual(rows);
  });

  it('keeps MAC find answers out of the inactive results', () => {
    const hit = { oltId: 'a', mac: 'aa:bb:cc:dd:ee:ff' } as MacFindHit;
    const s = run([
      { type: 'started', scan: { ...started, kind: 'mac-find' } },
      finish('a', { kind: 'mac-find', hits: [hit] }),
    ]);
    expect(s.entries.a.finished?.hits).toEqual([hit]);
    expect(s.results).toEqual({});
  });
});

describe('scan results', () => {
  it('reads the result of an answer; a failure without one becomes an empty failed result', () => {
    const r = result('a', '2026-05-01T10:00:05.000Z');
    expect(resultOfEvent(finished('a', { result: r }))).toBe(r);
    expect(resultOfEvent(finished('a'))).toBeNull();
    expect(resultOfEvent(finished('a', { ok: false, code: 'CANCELLED' }))).toBeNull();
    expect(resultOfEvent(finished('a', { ok: false, code: 'OLT_BUSY', error: 'Busy' }))).toEqual({
      oltId: 'a',
      scannedAt: '2026-05-01T10:00:05.000Z',
      ok: false,
      code: 'OLT_BUSY',
      error: 'Busy',
      rows: [],
      durationMs: 4000,
    });
  });

  it('prefers the newer result of an OLT, the later-arrived one on a tie', () => {
    const old = result('a', '2026-05-01T09:00:00.000Z');
    const fresh = result('a', '2026-05-01T10:00:00.000Z');
    const twin = result('a', '2026-05-01T10:00:00.000Z');
    expect(newerResult(old, fresh)).toBe(fresh);
    expect(newerResult(fresh, old)).toBe(fresh);
    expect(newerResult(fresh, twin)).toBe(twin);
    expect(newerResult(undefined, old)).toBe(old);
    expect(newerResult(null, null)).toBeNull();
  });
});
