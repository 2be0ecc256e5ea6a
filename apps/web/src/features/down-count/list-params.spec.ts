import {
  DEFAULT_DOWN_COUNT_PARAMS,
  downCountEmptyText,
  downCountPages,
  nextDownCountSort,
  parseDownCountParams,
  toDownCountQuery,
  toDownCountSearchParams,
  updateDownCountParams,
} from './list-params';

const parse = (qs: string) => parseDownCountParams(new URLSearchParams(qs));

describe('Down Count List address', () => {
  it('starts with the most drops first on page 1', () => {
    expect(parse('')).toEqual({ page: 1, q: '', sort: 'downCount', order: 'desc' });
    expect(toDownCountSearchParams(DEFAULT_DOWN_COUNT_PARAMS).toString()).toBe('');
  });

  it('reads sort, order, page and q', () => {
    expect(parse('q=rahim&sort=pppoeId&order=desc&page=3')).toEqual({
      page: 3,
      q: 'rahim',
      sort: 'pppoeId',
      order: 'desc',
    });
  });

  it("takes a column's first order when none is given", () => {
    expect(parse('sort=pppoeId')).toEqual({ page: 1, q: '', sort: 'pppoeId', order: 'asc' });
    expect(parse('sort=lastDownAt')).toEqual({ page: 1, q: '', sort: 'lastDownAt', order: 'desc' });
  });

  it('ignores what it does not know', () => {
    expect(parse('sort=rx&order=up&page=-2')).toEqual({ page: 1, q: '', sort: 'downCount', order: 'desc' });
    expect(parse('page=1.5').page).toBe(1);
    expect(parse(`q=${'a'.repeat(150)}`).q).toHaveLength(100);
  });

  it('writes only what differs from the defaults', () => {
    expect(toDownCountSearchParams({ page: 2, q: 'ra', sort: 'pppoeId', order: 'asc' }).toString()).toBe(
      'q=ra&sort=pppoeId&page=2',
    );
    expect(toDownCountSearchParams({ page: 1, q: '', sort: 'downCount', order: 'asc' }).toString()).toBe(
      'order=asc',
    );
    expect(toDownCountSearchParams({ page: 1, q: '', sort: 'lastDownAt', order: 'desc' }).toString()).toBe(
      'sort=lastDownAt',
    );
  });

  it('goes back to page 1 on a new search or sort, not on a page change', () => {
    const on3 = { page: 3, q: '', sort: 'downCount', order: 'desc' } as const;
    expect(updateDownCountParams(on3, { q: 'ka' })).toEqual({
      page: 1,
      q: 'ka',
      sort: 'downCount',
      order: 'desc',
    });
    expect(updateDownCountParams(on3, { sort: 'pppoeId', order: 'asc' }).page).toBe(1);
    expect(updateDownCountParams(on3, { page: 4 }).page).toBe(4);
  });

  it('flips the order of the same column; another column starts in its first order', () => {
    expect(nextDownCountSort({ sort: 'downCount', order: 'desc' }, 'downCount')).toEqual({
      sort: 'downCount',
      order: 'asc',
    });
    expect(nextDownCountSort({ sort: 'downCount', order: 'asc' }, 'downCount')).toEqual({
      sort: 'downCount',
      order: 'desc',
    });
    expect(nextDownCountSort({ sort: 'downCount', order: 'desc' }, 'pppoeId')).toEqual({
      sort: 'pppoeId',
      order: 'asc',
    });
    expect(nextDownCountSort({ sort: 'pppoeId', order: 'asc' }, 'lastDownAt')).toEqual({
      sort: 'lastDownAt',
      order: 'desc',
    });
  });

  it('asks the server for 10 rows a page, without an empty search', () => {
    expect(toDownCountQuery({ page: 2, q: '  ', sort: 'downCount', order: 'desc' })).toEqual({
      q: undefined,
      page: 2,
      pageSize: 10,
      sort: 'downCount',
      order: 'desc',
    });
    expect(toDownCountQuery({ page: 1, q: ' Rahim ', sort: 'pppoeId', order: 'asc' }).q).toBe('Rahim');
  });

  it('counts pages of 10, at least one', () => {
    expect(downCountPages(0)).toBe(1);
    expect(downCountPages(10)).toBe(1);
    expect(downCountPages(11)).toBe(2);
    expect(downCountPages(95)).toBe(10);
  });

  it('says why the page is empty', () => {
    expect(downCountEmptyText('')).toBe('No session drops in the last 30 days');
    expect(downCountEmptyText(' rahim ')).toBe('No PPPoE ID contains “rahim”');
  });
});
