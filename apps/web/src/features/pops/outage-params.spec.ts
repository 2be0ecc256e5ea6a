import {
  DEFAULT_OUTAGE_PARAMS,
  nextOutageSort,
  outageRangeError,
  parseOutageParams,
  toOutageQuery,
  toOutageSearchParams,
  updateOutageParams,
} from './outage-params';

const POP = '3f2a8c1e-1b2c-4d5e-8f90-a1b2c3d4e5f6';

describe('the Pop Elc Down Log’s address', () => {
  it('reads a plain address as the newest outages first, page 1', () => {
    expect(parseOutageParams(new URLSearchParams())).toEqual(DEFAULT_OUTAGE_PARAMS);
    expect(toOutageSearchParams(DEFAULT_OUTAGE_PARAMS).toString()).toBe('');
  });

  it('round-trips filters, order and page', () => {
    const p = {
      page: 3,
      pop: POP,
      q: 'uttara',
      from: '2026-01-10',
      to: '2026-01-15',
      sort: 'ip',
      order: 'desc',
    } as const;
    expect(parseOutageParams(toOutageSearchParams(p))).toEqual(p);
  });

  it('drops what the server would refuse', () => {
    const p = parseOutageParams(
      new URLSearchParams('page=-2&pop=nope&from=2026-02-30&to=x&sort=secret&order=up'),
    );
    expect(p).toEqual(DEFAULT_OUTAGE_PARAMS);
  });

  it('starts again at page 1 on any change but the page', () => {
    const p = { ...DEFAULT_OUTAGE_PARAMS, page: 4 };
    expect(updateOutageParams(p, { q: 'x' }).page).toBe(1);
    expect(updateOutageParams(p, { page: 5 }).page).toBe(5);
  });

  it('sorts a new column ascending and flips the same one', () => {
    expect(nextOutageSort({ sort: 'downAt', order: 'desc' }, 'downAt')).toEqual({
      sort: 'downAt',
      order: 'asc',
    });
    expect(nextOutageSort({ sort: 'downAt', order: 'desc' }, 'downMinutes')).toEqual({
      sort: 'downMinutes',
      order: 'asc',
    });
  });

  it('asks from the start of From’s day to the end of To’s, and not at all for a backwards range', () => {
    const q = toOutageQuery({
      ...DEFAULT_OUTAGE_PARAMS,
      pop: POP,
      q: ' ban ',
      from: '2026-01-10',
      to: '2026-01-15',
    });
    expect(q).toMatchObject({
      page: 1,
      pageSize: 20,
      popId: POP,
      search: 'ban',
      sort: 'downAt',
      order: 'desc',
    });
    expect(q.from).toBe(new Date(2026, 0, 10).toISOString());
    expect(q.to).toBe(new Date(2026, 0, 16).toISOString());
    const backwards = { ...DEFAULT_OUTAGE_PARAMS, from: '2026-01-15', to: '2026-01-10' };
    expect(outageRangeError(backwards)).toBe('To must not be before From');
    expect(toOutageQuery(backwards)).not.toHaveProperty('from');
    expect(outageRangeError({ from: '2026-01-10', to: '2026-01-10' })).toBeNull();
  });
});
