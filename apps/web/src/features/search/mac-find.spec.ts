import type { MacFindHit, MacFindStarted, ScanOlt, ScanOltFinishedEvent } from '@pondesk/contracts';
import { initialScanState, scanReducer, type ScanAction } from '../../shared/scans/scan-state';
import {
  MAC_INVALID,
  activeOlts,
  basicInfo,
  checkMac,
  firstWithData,
  formatOptic,
  hitsFor,
  macFindStatus,
  macOltState,
  opticRows,
  opticsCaption,
  type MacScanState,
} from './mac-find';

const olt = (id: string, mode: ScanOlt['mode'] = 'epon', brand: ScanOlt['brand'] = 'bdcom'): ScanOlt => ({
  id,
  code: `OLT-${id.toUpperCase()}`,
  name: `olt ${id}`,
  brand,
  mode,
  status: 'online',
});

const hit = (oltId: string, extra: Partial<MacFindHit> = {}): MacFindHit => ({
  oltId,
  source: 'live',
  kind: 'onu',
  mac: 'aa:bb:cc:dd:ee:ff',
  vlan: 100,
  ponPort: 1,
  onuId: 9,
  ifName: 'EPON0/1:9',
  onuRef: null,
  pppoeIds: [],
  optics: null,
  opticsSource: null,
  opticsAt: null,
  ...extra,
});

const scan = (stored: MacFindHit[] = []): MacFindStarted => ({
  scanId: 'm1',
  kind: 'mac-find',
  olts: [olt('a'), olt('b'), olt('c')],
  startedAt: '2026-05-01T10:00:00.000Z',
  mac: 'aa:bb:cc:dd:ee:ff',
  stored,
});

const answer = (
  oltId: string,
  at: string,
  extra: Partial<ScanOltFinishedEvent> = {},
): ScanAction<MacFindStarted> => ({
  type: 'event',
  event: {
    name: 'scan.olt.finished',
    payload: {
      scanId: 'm1',
      kind: 'mac-find',
      oltId,
      ok: true,
      code: null,
      error: null,
      at,
      durationMs: 900,
      hits: [],
      ...extra,
    },
  },
});

const run = (actions: ScanAction<MacFindStarted>[]): MacScanState =>
  actions.reduce(scanReducer<MacFindStarted>, initialScanState<MacFindStarted>());

describe('MAC input', () => {
  it('accepts the usual spellings and says nothing about blank text', () => {
    expect(checkMac('AA-BB-CC-DD-EE-FF')).toEqual({ mac: 'aa:bb:cc:dd:ee:ff' });
    expect(checkMac(' aabb.ccdd.eeff ')).toEqual({ mac: 'aa:bb:cc:dd:ee:ff' });
    expect(checkMac('aabbccddeeff')).toEqual({ mac: 'aa:bb:cc:dd:ee:ff' });
    expect(checkMac('   ')).toEqual({ error: null });
    expect(checkMac('rahim@isp')).toEqual({ error: MAC_INVALID });
    expect(checkMac('aa:bb:cc:dd:ee')).toEqual({ error: MAC_INVALID });
  });
});

describe('MAC find results', () => {
  it('shows the last poll at once, then the live answer in its place', () => {
    const stored = hit('b', { source: 'stored' });
    const s = run([{ type: 'started', scan: scan([stored]) }]);
    expect(hitsFor(s, 'b')).toEqual({ hits: [stored], goneSinceLastPoll: false });
    expect(activeOlts(s).map((o) => o.id)).toEqual(['b']);
    expect(firstWithData(s)).toBe('b');

    const live = hit('b');
    const t = scanReducer(s, answer('b', '2026-05-01T10:00:03.000Z', { hits: [live] }));
    expect(hitsFor(t, 'b').hits).toEqual([live]);

    const gone = scanReducer(s, answer('b', '2026-05-01T10:00:03.000Z'));
    expect(hitsFor(gone, 'b')).toEqual({ hits: [], goneSinceLastPoll: true });
  });

  it('selects the OLT that answered with data first', () => {
    const s = run([
      { type: 'started', scan: scan() },
      answer('c', '2026-05-01T10:00:02.000Z', { hits: [hit('c')] }),
      answer('a', '2026-05-01T10:00:01.000Z'),
      answer('b', '2026-05-01T10:00:04.000Z', { hits: [hit('b')] }),
    ]);
    expect(firstWithData(s)).toBe('c');
    expect(firstWithData(run([{ type: 'started', scan: scan() }]))).toBeNull();
  });

  it('gives each sidebar OLT its state', () => {
    expect(macOltState(undefined, 0)).toBe('idle');
    const s = run([
      { type: 'started', scan: scan() },
      answer('a', '2026-05-01T10:00:01.000Z', { hits: [hit('a')] }),
      answer('b', '2026-05-01T10:00:01.000Z', { ok: false, code: 'TIMEOUT', error: 'No answer in 30 s' }),
    ]);
    expect(macOltState(s.entries.a, hitsFor(s, 'a').hits.length)).toBe('hit');
    expect(macOltState(s.entries.b, 0)).toBe('error');
    expect(macOltState(s.entries.c, 0)).toBe('pending');
    expect(macOltState(scanReducer(s, answer('c', '2026-05-01T10:00:05.000Z')).entries.c, 0)).toBe('done');
  });

  it('counts answers while searching, then says what was found', () => {
    expect(macFindStatus(initialScanState())).toBeNull();
    expect(macFindStatus({ ...initialScanState(), awaiting: true })?.text).toBe('Starting the search…');

    const s = run([{ type: 'started', scan: scan() }, answer('a', '2026-05-01T10:00:01.000Z')]);
    expect(macFindStatus(s)).toEqual({
      text: 'Searching aa:bb:cc:dd:ee:ff · 1 of 3 OLTs answered',
      tone: 'info',
      running: true,
      percent: 33,
    });

    const found = run([
      { type: 'started', scan: scan() },
      answer('a', '2026-05-01T10:00:01.000Z'),
      answer('b', '2026-05-01T10:00:01.000Z', { hits: [hit('b')] }),
      answer('c', '2026-05-01T10:00:01.000Z', { ok: false, code: 'DEVICE', error: 'Login refused' }),
    ]);
    expect(macFindStatus(found)?.text).toBe('Found on 1 OLT · 3 of 3 OLTs answered · 1 failed');
  });

  it("says 'No result' when every OLT answered without the MAC", () => {
    const none = run([
      { type: 'started', scan: scan() },
      answer('a', '2026-05-01T10:00:01.000Z'),
      answer('b', '2026-05-01T10:00:01.000Z'),
      answer('c', '2026-05-01T10:00:01.000Z'),
    ]);
    expect(macFindStatus(none)?.text).toBe(
      'No result: aa:bb:cc:dd:ee:ff was not found on any of the 3 OLTs.',
    );

    const failed = scanReducer(
      run([
        { type: 'started', scan: scan() },
        answer('a', '2026-05-01T10:00:01.000Z'),
        answer('b', '2026-05-01T10:00:01.000Z'),
      ]),
      answer('c', '2026-05-01T10:00:01.000Z', { ok: false, code: 'TIMEOUT', error: 'x' }),
    );
    expect(macFindStatus(failed)?.text).toBe(
      'No result: aa:bb:cc:dd:ee:ff was not found on the 2 OLTs that answered; 1 failed (retry them from the list).',
    );
  });

  it('says when there is no OLT to search', () => {
    const s = run([{ type: 'started', scan: { ...scan(), olts: [] } }]);
    expect(macFindStatus(s)?.text).toBe('No OLT to search: no OLT is assigned to you.');
  });
});

describe('MAC find detail', () => {
  it('lists Basic Information, with GPON Interface and ONU ID only when present', () => {
    expect(basicInfo(hit('a'), olt('a'))).toEqual([
      ['VLAN', '100'],
      ['MAC', 'aa:bb:cc:dd:ee:ff'],
      ['Type', 'ONU MAC'],
      ['Port', 'EPON0/1:9'],
      ['OLT ID', 'OLT-A'],
      ['OLT Brand', 'BDCOM'],
      ['OLT Mode', 'EPON'],
      ['ONU ID', '9'],
    ]);
    const learned = hit('g', { kind: 'learned', ifName: 'GPON0/3:12', vlan: null, onuId: 12, ponPort: 3 });
    expect(basicInfo(learned, olt('g', 'gpon', 'vsol'))).toEqual([
      ['VLAN', '—'],
      ['MAC', 'aa:bb:cc:dd:ee:ff'],
      ['Type', 'Learned behind ONU'],
      ['Port', 'GPON0/3:12'],
      ['OLT ID', 'OLT-G'],
      ['OLT Brand', 'V-SOL'],
      ['OLT Mode', 'GPON'],
      ['GPON Interface', 'GPON0/3'],
      ['ONU ID', '12'],
    ]);
    expect(basicInfo(hit('a', { onuId: null }), olt('a')).map(([k]) => k)).not.toContain('ONU ID');
  });

  it('writes optics with their units, the bias current as Current', () => {
    expect(
      opticRows({ temperatureC: 41.25, voltageV: 3.3, biasMa: 12.5, rxDbm: -21.347, txDbm: 2.1 }),
    ).toEqual([
      { label: 'Temperature', value: '41.3 °C' },
      { label: 'Voltage', value: '3.30 V' },
      { label: 'Current', value: '12.50 mA' },
      { label: 'Rx Power', value: '-21.35 dBm', rxDbm: -21.347 },
      { label: 'Tx Power', value: '2.10 dBm' },
    ]);
    expect(formatOptic(null, 'V')).toBe('—');
  });

  it('says where the optics come from', () => {
    expect(opticsCaption({ opticsSource: 'live', opticsAt: null })).toBe('live');
    expect(opticsCaption({ opticsSource: 'stored', opticsAt: null })).toBe('from last poll');
    expect(opticsCaption({ opticsSource: 'stored', opticsAt: '2026-05-01T10:00:00.000Z' })).toMatch(
      /^from last poll .*\d/,
    );
    expect(opticsCaption({ opticsSource: null, opticsAt: null })).toBeNull();
  });
});
