import {
  DEFAULT_LIST_PARAMS,
  fieldOfSort,
  sortOfField,
  OLT_LIST_PAGE_SIZE,
  parseListParams,
  toApiQuery,
  toSearchParams,
  updateListParams,
} from './list-params';

describe('OLT list params', () => {
  it('reads defaults from an empty address', () => {
    expect(parseListParams(new URLSearchParams())).toEqual(DEFAULT_LIST_PARAMS);
  });

  it('round-trips through the address bar', () => {
    const params = {
      page: 3,
      search: '10.0',
      branchId: 'b-1',
      sort: 'status' as const,
      order: 'desc' as const,
    };
    expect(parseListParams(toSearchParams(params))).toEqual(params);
  });

  it('keeps the default address plain', () => {
    expect(toSearchParams(DEFAULT_LIST_PARAMS).toString()).toBe('');
  });

  it('ignores bad page numbers and unknown sorts', () => {
    expect(parseListParams(new URLSearchParams('page=-2&sort=password&order=up'))).toEqual(
      DEFAULT_LIST_PARAMS,
    );
    expect(parseListParams(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('goes back to page 1 when the search, filter or sort changes', () => {
    const on3 = { ...DEFAULT_LIST_PARAMS, page: 3 };
    expect(updateListParams(on3, { search: 'olt' }).page).toBe(1);
    expect(updateListParams(on3, { branchId: 'x' }).page).toBe(1);
    expect(updateListParams(on3, { sort: 'host', order: 'desc' }).page).toBe(1);
    expect(updateListParams(on3, { page: 4 }).page).toBe(4);
  });

  it('asks the API for 20 rows and leaves out empty filters', () => {
    expect(toApiQuery({ ...DEFAULT_LIST_PARAMS, search: '  ' })).toEqual({
      page: 1,
      pageSize: OLT_LIST_PAGE_SIZE,
      search: undefined,
      branchId: undefined,
      sort: 'name',
      order: 'asc',
    });
    expect(OLT_LIST_PAGE_SIZE).toBe(20);
  });

  it('maps table columns to the API sort keys and back', () => {
    expect(sortOfField('branchName')).toBe('branch');
    expect(sortOfField('code')).toBe('code');
    expect(sortOfField('actions')).toBeNull();
    expect(fieldOfSort('branch')).toBe('branchName');
    expect(fieldOfSort('host')).toBe('host');
  });
});
