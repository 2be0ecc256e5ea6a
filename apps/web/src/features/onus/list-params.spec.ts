import {
  DEFAULT_ONU_PARAMS,
  nextSort,
  onuListHref,
  onuListPath,
  pageCount,
  parseOnuParams,
  toOnuQuery,
  toOnuSearchParams,
  updateOnuParams,
} from './list-params';

const OLT = '0b7a3f3e-6a7e-4c55-9d0b-3c2f1f1e9a10';

describe('ONU list parameters', () => {
  it('round-trips through the address bar and keeps a plain address plain', () => {
    expect(toOnuSearchParams(DEFAULT_ONU_PARAMS).toString()).toBe('');
    const p = {
      ...DEFAULT_ONU_PARAMS,
      oltId: OLT,
      ponPort: '3',
      search: 'rahim',
      sort: 'rx' as const,
      order: 'desc' as const,
      page: 4,
    };
    expect(parseOnuParams(toOnuSearchParams(p))).toEqual(p);
  });

  it('ignores what it cannot trust in the address', () => {
    const p = parseOnuParams(
      new URLSearchParams('olt=1;drop&port=x&page=-2&sort=bogus&status=gone&reason=nope&signal=-24'),
    );
    expect(p).toEqual(DEFAULT_ONU_PARAMS);
  });

  it('reads drill-down links: the signal filter and the OLT named as the API names it', () => {
    expect(parseOnuParams(new URLSearchParams(`oltId=${OLT}&signal=weak24&status=offline`))).toEqual({
      ...DEFAULT_ONU_PARAMS,
      oltId: OLT,
      signal: 'weak24',
      status: 'offline',
    });
    expect(toOnuQuery({ ...DEFAULT_ONU_PARAMS, signal: 'below30' })).toMatchObject({ signal: 'below30' });
    expect(onuListHref('/olt-data-ports', { oltId: OLT, status: 'online' })).toBe(
      `/olt-data-ports?olt=${OLT}&status=online`,
    );
    expect(onuListHref('/olt-ports', {})).toBe('/olt-ports');
    expect(onuListPath([2003, 2007])).toBe('/olt-data-ports');
    expect(onuListPath([2003])).toBe('/olt-ports');
    expect(onuListPath([2006])).toBeNull();
  });

  it('starts at page 1 after any change but paging, and drops the port with another OLT', () => {
    const here = { ...DEFAULT_ONU_PARAMS, oltId: OLT, ponPort: '2', page: 5 };
    expect(updateOnuParams(here, { search: 'x' })).toMatchObject({ page: 1, ponPort: '2' });
    expect(updateOnuParams(here, { page: 6 })).toMatchObject({ page: 6 });
    expect(updateOnuParams(here, { oltId: '' })).toMatchObject({ oltId: '', ponPort: '', page: 1 });
  });

  it('flips the order on the same column and starts a new column ascending', () => {
    const p = { ...DEFAULT_ONU_PARAMS, sort: 'rx' as const, order: 'asc' as const };
    expect(nextSort(p, 'rx')).toEqual({ sort: 'rx', order: 'desc' });
    expect(nextSort({ ...p, order: 'desc' }, 'rx')).toEqual({ sort: 'rx', order: 'asc' });
    expect(nextSort(p, 'vendor')).toEqual({ sort: 'vendor', order: 'asc' });
  });

  it('builds the API query, 20 rows a page', () => {
    expect(toOnuQuery({ ...DEFAULT_ONU_PARAMS, ponPort: '7', search: '  a ' })).toEqual({
      page: 1,
      pageSize: 20,
      oltId: undefined,
      ponPort: 7,
      search: 'a',
      status: undefined,
      reason: undefined,
      sort: 'olt',
      order: 'asc',
    });
    expect(pageCount(0)).toBe(1);
    expect(pageCount(41)).toBe(3);
  });
});
