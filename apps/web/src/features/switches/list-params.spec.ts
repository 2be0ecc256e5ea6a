import {
  DEFAULT_MANAGE_PARAMS,
  DEFAULT_PORT_PARAMS,
  nextSort,
  pageCount,
  parseManageParams,
  parsePortParams,
  portGraphPath,
  tabOf,
  toManageQuery,
  toManageSearchParams,
  toPortQuery,
  toPortSearchParams,
  updateManageParams,
  updatePortParams,
} from './list-params';

const SW = '3f2b8c1e-5d4a-4b7e-9c21-0a1b2c3d4e5f';

describe('switch list address', () => {
  it('picks the tab from ?tab=manage, Ports otherwise', () => {
    expect(tabOf(new URLSearchParams('tab=manage'))).toBe('manage');
    expect(tabOf(new URLSearchParams(''))).toBe('ports');
    expect(tabOf(new URLSearchParams('tab=evil'))).toBe('ports');
  });

  it('reads the Ports defaults from a plain address and writes them back plain', () => {
    expect(parsePortParams(new URLSearchParams())).toEqual(DEFAULT_PORT_PARAMS);
    expect(toPortSearchParams(DEFAULT_PORT_PARAMS).toString()).toBe('');
  });

  it('round-trips the Ports filters, sort and page', () => {
    const qs = `switch=${SW}&port=Eth1%2F0%2F25&search=uplink&sort=rx&order=desc&page=3`;
    const params = parsePortParams(new URLSearchParams(qs));
    expect(params).toEqual({
      page: 3,
      switchId: SW,
      port: 'Eth1/0/25',
      search: 'uplink',
      sort: 'rx',
      order: 'desc',
    });
    expect(toPortSearchParams(params).toString()).toBe(qs);
  });

  it('drops a malformed switch id, the port without its switch, an unknown sort and a bad page', () => {
    expect(parsePortParams(new URLSearchParams('switch=1;drop&port=Gi0/1&sort=secret&page=-2'))).toEqual(
      DEFAULT_PORT_PARAMS,
    );
  });

  it('starts again at page 1 on a new search and drops the port with another switch', () => {
    const current = { ...DEFAULT_PORT_PARAMS, page: 4, switchId: SW, port: 'Gi0/1' };
    expect(updatePortParams(current, { search: 'x' })).toMatchObject({ page: 1, search: 'x', port: 'Gi0/1' });
    expect(updatePortParams(current, { switchId: '' })).toMatchObject({ page: 1, switchId: '', port: '' });
    expect(updatePortParams(current, { page: 5 })).toMatchObject({ page: 5, port: 'Gi0/1' });
  });

  it('asks the API for 20 ports a page with only the filters set', () => {
    expect(toPortQuery({ ...DEFAULT_PORT_PARAMS, search: '  up ' })).toEqual({
      page: 1,
      pageSize: 20,
      switchId: undefined,
      port: undefined,
      search: 'up',
      sort: 'switch',
      order: 'asc',
    });
  });

  it('keeps the Manage tab in its address and asks for 20 switches a page', () => {
    expect(toManageSearchParams(DEFAULT_MANAGE_PARAMS).toString()).toBe('tab=manage');
    const params = parseManageParams(new URLSearchParams('tab=manage&search=core&sort=ip&order=desc&page=2'));
    expect(params).toEqual({ page: 2, search: 'core', sort: 'ip', order: 'desc' });
    expect(toManageSearchParams(params).toString()).toBe('tab=manage&search=core&sort=ip&order=desc&page=2');
    expect(updateManageParams(params, { search: 'edge' }).page).toBe(1);
    expect(toManageQuery(params)).toEqual({
      page: 2,
      pageSize: 20,
      search: 'core',
      sort: 'ip',
      order: 'desc',
    });
    // createdAt is an API sort but not a column here.
    expect(parseManageParams(new URLSearchParams('sort=createdAt')).sort).toBe('name');
  });

  it('flips the order on the same column and starts a new one ascending', () => {
    expect(nextSort({ sort: 'rx', order: 'asc' }, 'rx')).toEqual({ sort: 'rx', order: 'desc' });
    expect(nextSort({ sort: 'rx', order: 'desc' }, 'tx')).toEqual({ sort: 'tx', order: 'asc' });
  });

  it('counts pages of 20 with at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
  });

  it('links a port graph as /switch-graph/:id/:port', () => {
    expect(portGraphPath('s1', 'p1')).toBe('/switch-graph/s1/p1');
    expect(portGraphPath('s1')).toBe('/switch-graph/s1');
  });
});
