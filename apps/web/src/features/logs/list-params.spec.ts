import {
  DEFAULT_LOG_PARAMS,
  logEmptyText,
  logTotalText,
  nextLogSort,
  parseLocalMinute,
  parseLogParams,
  rangeError,
  toLocalMinute,
  toLogQuery,
  toLogSearchParams,
  updateLogParams,
  windowText,
} from './list-params';

const parse = (qs: string) => parseLogParams(new URLSearchParams(qs));
const OLT = '3f1c2a4e-8b7d-4c1e-9a2b-0c3d4e5f6a7b';

describe('Log List address', () => {
  it('starts on every device, newest first, page 1, with a plain address', () => {
    expect(parse('')).toEqual(DEFAULT_LOG_PARAMS);
    expect(DEFAULT_LOG_PARAMS).toMatchObject({ sort: 'receivedAt', order: 'desc', device: '' });
    expect(toLogSearchParams(DEFAULT_LOG_PARAMS).toString()).toBe('');
  });

  it('round-trips every filter, the order and the page', () => {
    const qs = `device=router:${OLT}&q=rahim&kind=ppp-down&severity=warning&from=2026-01-10T08:00&to=2026-01-15T18:30&sort=device&order=desc&page=3`;
    const p = parse(qs);
    expect(p).toEqual({
      page: 3,
      device: `router:${OLT}`,
      q: 'rahim',
      kind: 'ppp-down',
      severity: 'warning',
      from: '2026-01-10T08:00',
      to: '2026-01-15T18:30',
      sort: 'device',
      order: 'desc',
    });
    expect(parse(toLogSearchParams(p).toString())).toEqual(p);
  });

  it('writes an order only when it is not the column’s own', () => {
    expect(toLogSearchParams({ ...DEFAULT_LOG_PARAMS, sort: 'message', order: 'asc' }).toString()).toBe(
      'sort=message',
    );
    expect(toLogSearchParams({ ...DEFAULT_LOG_PARAMS, order: 'asc' }).toString()).toBe('order=asc');
    expect(parse('sort=message')).toMatchObject({ sort: 'message', order: 'asc' });
  });

  it('drops values the server would refuse', () => {
    expect(
      parse(
        'device=switch:1&kind=bogus&severity=3&from=2026-02-30T10:00&to=yesterday&sort=time&order=up&page=-2',
      ),
    ).toEqual(DEFAULT_LOG_PARAMS);
    expect(parse(`device=${OLT}`).device).toBe('');
    expect(parse(`q=${'x'.repeat(150)}`).q).toHaveLength(100);
  });

  it('names a device as the API does, whatever its case in the link', () => {
    expect(parse(`device=ROUTER:${OLT.toUpperCase()}`).device).toBe(`router:${OLT}`);
  });

  it('starts again at page 1 on any change but the page', () => {
    const on4 = { ...DEFAULT_LOG_PARAMS, page: 4 };
    expect(updateLogParams(on4, { device: `olt:${OLT}` }).page).toBe(1);
    expect(updateLogParams(on4, { q: 'x' }).page).toBe(1);
    expect(updateLogParams(on4, { sort: 'device', order: 'asc' }).page).toBe(1);
    expect(updateLogParams(DEFAULT_LOG_PARAMS, { page: 2 }).page).toBe(2);
  });

  it('flips the order of the same column and starts another ascending', () => {
    expect(nextLogSort({ sort: 'receivedAt', order: 'desc' }, 'receivedAt')).toEqual({
      sort: 'receivedAt',
      order: 'asc',
    });
    expect(nextLogSort({ sort: 'receivedAt', order: 'desc' }, 'device')).toEqual({
      sort: 'device',
      order: 'asc',
    });
    expect(nextLogSort({ sort: 'device', order: 'asc' }, 'device')).toEqual({
      sort: 'device',
      order: 'desc',
    });
  });

  it('sends local minutes as instants, every filter, and nothing empty', () => {
    const q = toLogQuery({
      ...DEFAULT_LOG_PARAMS,
      device: `olt:${OLT}`,
      kind: 'onu-down',
      severity: 'error',
      from: '2026-01-10T08:00',
      to: '2026-01-15T18:30',
      q: '  dying gasp ',
      page: 2,
    });
    expect(q).toEqual({
      page: 2,
      pageSize: 20,
      deviceId: `olt:${OLT}`,
      kind: 'onu-down',
      severity: 'error',
      search: 'dying gasp',
      sort: 'receivedAt',
      order: 'desc',
      from: new Date(2026, 0, 10, 8, 0).toISOString(),
      to: new Date(2026, 0, 15, 18, 30).toISOString(),
    });
    const plain = toLogQuery({ ...DEFAULT_LOG_PARAMS, q: '   ' });
    expect(plain).toMatchObject({ search: undefined, deviceId: undefined, from: undefined, to: undefined });
  });

  it('does not apply a range whose end is not after its start', () => {
    const p = { ...DEFAULT_LOG_PARAMS, from: '2026-01-15T10:00', to: '2026-01-15T09:59' };
    expect(rangeError(p)).toBe('To must be after From');
    expect(rangeError({ from: '2026-01-15T10:00', to: '2026-01-15T10:00' })).toBe('To must be after From');
    expect(toLogQuery(p)).not.toHaveProperty('from');
    expect(rangeError({ from: '2026-01-15T10:00', to: '' })).toBeNull();
  });

  it('reads and writes datetime input values in the browser’s zone', () => {
    expect(parseLocalMinute('2026-01-15T08:30')?.getTime()).toBe(new Date(2026, 0, 15, 8, 30).getTime());
    expect(parseLocalMinute('2026-02-30T08:30')).toBeNull();
    expect(parseLocalMinute('2026-01-15T24:00')).toBeNull();
    expect(parseLocalMinute('2026-01-15 08:30')).toBeNull();
    expect(toLocalMinute(new Date(2026, 0, 5, 7, 3))).toBe('2026-01-05T07:03');
  });

  it('says which lines the time filter reads when an end is empty', () => {
    expect(windowText({ from: '', to: '' })).toBe('Showing the last 7 days');
    expect(windowText({ from: '', to: '2026-01-15T08:30' })).toBe('Showing the 7 days before To');
    expect(windowText({ from: '2026-01-15T08:30', to: '' })).toBe('Showing From until now');
    expect(windowText({ from: '2026-01-15T08:30', to: '2026-01-16T08:30' })).toBeNull();
  });

  it('counts lines exactly, and past the server’s cap as “more than”', () => {
    expect(logTotalText(0)).toBe('0 lines');
    expect(logTotalText(1)).toBe('1 line');
    expect(logTotalText(10_000)).toBe('10,000 lines');
    expect(logTotalText(10_001)).toBe('More than 10,000 lines');
    expect(logTotalText(10_000, 10_000)).toBe(
      'More than 10,000 lines: the newest 10,000 sorted (filter to narrow)',
    );
  });

  it('says whether nothing has arrived yet or which filters to change', () => {
    const none = logEmptyText(DEFAULT_LOG_PARAMS);
    expect(none.title).toBe('No log lines yet');
    expect(none.hint).toContain('UDP port 5514');
    const filtered = logEmptyText(
      { ...DEFAULT_LOG_PARAMS, device: `olt:${OLT}`, kind: 'onu-down', severity: 'error', q: 'gasp' },
      'uttara',
    );
    expect(filtered.title).toBe(
      'No log lines from uttara, “ONU down”, error or worse, in the last 7 days, matching “gasp”',
    );
    expect(logEmptyText({ ...DEFAULT_LOG_PARAMS, from: '2026-01-15T08:30' }).title).toBe(
      'No log lines in this time range',
    );
  });
});
