import type { InactiveOnuRow, InactiveScanResult, ScanOlt } from '@pondesk/contracts';
import type { ScanProgress } from '../../shared/scans/scan-state';
import {
  buildRows,
  mergeResults,
  parseView,
  progressText,
  scannedAtText,
  typeViewOf,
  viewOlts,
  viewValue,
} from './scanner-view';

const olt = (id: string, brand: ScanOlt['brand'], mode: ScanOlt['mode']): ScanOlt => ({
  id,
  code: id,
  name: `OLT ${id}`,
  brand,
  mode,
  status: 'online',
});

const fleet = [olt('a', 'bdcom', 'gpon'), olt('b', 'vsol', 'epon'), olt('c', 'bdcom', 'gpon')];

const result = (
  oltId: string,
  scannedAt: string,
  rows: Partial<InactiveOnuRow>[] = [],
): InactiveScanResult => ({
  oltId,
  scannedAt,
  ok: true,
  code: null,
  error: null,
  rows: rows as InactiveOnuRow[],
  durationMs: 1000,
});

describe('scanner views', () => {
  it('round-trips through the selector value', () => {
    expect(viewValue({ kind: 'olt', oltId: 'x-1' })).toBe('olt:x-1');
    expect(viewValue({ kind: 'type', brand: 'vsol', mode: 'gpon' })).toBe('type:vsol:gpon');
    expect(viewValue(null)).toBe('');
    expect(parseView('olt:x-1')).toEqual({ kind: 'olt', oltId: 'x-1' });
    expect(parseView('type:vsol:gpon')).toEqual({ kind: 'type', brand: 'vsol', mode: 'gpon' });
    expect(parseView('type:acme:gpon')).toBeNull();
    expect(parseView('')).toBeNull();
  });

  it('lists the OLTs of a view', () => {
    expect(viewOlts({ kind: 'type', brand: 'bdcom', mode: 'gpon' }, fleet).map((o) => o.id)).toEqual([
      'a',
      'c',
    ]);
    expect(viewOlts({ kind: 'olt', oltId: 'b' }, fleet).map((o) => o.id)).toEqual(['b']);
    expect(viewOlts({ kind: 'olt', oltId: 'gone' }, fleet)).toEqual([]);
    expect(viewOlts(null, fleet)).toEqual([]);
  });

  it("shows an OLT's type, or the OLT alone when it is the only one of its type", () => {
    expect(typeViewOf(fleet[0], fleet)).toEqual({ kind: 'type', brand: 'bdcom', mode: 'gpon' });
    expect(typeViewOf(fleet[1], fleet)).toEqual({ kind: 'olt', oltId: 'b' });
  });
});

describe('scanner results', () => {
  it('takes the newer of the stored and the live result per OLT', () => {
    const storedA = result('a', '2026-05-01T10:00:00Z');
    const liveA = result('a', '2026-05-01T11:00:00Z');
    const storedC = result('c', '2026-05-01T10:00:00Z');
    const liveC = result('c', '2026-05-01T09:00:00Z');
    expect(mergeResults([storedA, storedC], { a: liveA, c: liveC }, ['a', 'b', 'c'])).toEqual({
      a: liveA,
      c: storedC,
    });
    expect(mergeResults(undefined, {}, ['a'])).toEqual({});
  });

  it('lists rows OLT by OLT with a key per row', () => {
    const rows = buildRows(fleet, {
      c: result('c', '2026-05-01T10:00:00Z', [{ ifName: 'GPON0/1:1', ponPort: 1, onuId: 1 }]),
      a: result('a', '2026-05-01T10:00:00Z', [
        { ifName: 'GPON0/1:2', ponPort: 1, onuId: 2 },
        { ifName: 'GPON0/1:2', ponPort: 1, onuId: 2 },
      ]),
    });
    expect(rows.map((r) => [r.olt.id, r.onu.ifName])).toEqual([
      ['a', 'GPON0/1:2'],
      ['a', 'GPON0/1:2'],
      ['c', 'GPON0/1:1'],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
  });

  it('says when the results were scanned', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    expect(scannedAtText([result('a', '2026-05-01T11:57:00Z')], now)).toBe('Scanned 3 min ago');
    expect(
      scannedAtText([result('a', '2026-05-01T11:57:00Z'), result('c', '2026-05-01T10:00:00Z')], now),
    ).toBe('Scanned 2 h ago – 3 min ago');
    expect(scannedAtText([], now)).toBeNull();
  });
});

describe('auto progress', () => {
  const p = (extra: Partial<ScanProgress>): ScanProgress => ({
    total: 12,
    answered: 2,
    failed: 0,
    current: olt('m', 'bdcom', 'epon'),
    running: true,
    percent: 17,
    ...extra,
  });

  it('counts the OLT being scanned and names it', () => {
    expect(progressText(p({}))).toBe('Scanning 3 of 12 OLTs — OLT m');
    expect(progressText(p({ current: null }))).toBe('Scanning 3 of 12 OLTs');
    expect(progressText(p({ answered: 12, running: false, failed: 1, current: null }))).toBe(
      'Scanned 12 of 12 OLTs · 1 failed',
    );
  });

  it('says when a stopped run still waits for the OLT it was talking to', () => {
    expect(progressText(p({}), true)).toBe('Stopping — waiting for OLT m to answer');
    expect(progressText(p({ current: null, running: false }), true)).toBe('Stopped after 2 of 12 OLTs');
  });
});
