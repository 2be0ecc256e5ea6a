import type { RouterOsRow } from '@pondesk/device-routeros';
import { execute, project, whereOf, type ApiMenus, type ApiOutcome } from './api-menus';

const ROWS: RouterOsRow[] = [
  {
    '.id': '*80000077',
    name: 'rahim482@isp',
    service: 'pppoe',
    address: '10.30.246.13',
    radius: 'true',
    'limit-bytes-in': '0',
  },
  {
    '.id': '*80000068',
    name: 'karim77',
    service: 'pppoe',
    address: '10.30.214.21',
    radius: 'false',
    'limit-bytes-in': '500',
  },
  { '.id': '*80000010', name: 'vpn-isp-1', service: 'l2tp', address: '10.99.0.2', radius: 'false' },
];

const menus: ApiMenus = {
  rows: (menu) => (menu === '/ppp/active' ? ROWS : null),
  run: (command, args): ApiOutcome | null =>
    command === '/echo' ? { kind: 'rows', rows: [{ ...args }] } : null,
};

const names = (o: ApiOutcome): string[] =>
  o.kind === 'rows' ? o.rows.map((r) => r['name'] ?? '?') : [o.message];

describe('print: queries, .proplist, count-only', () => {
  it('filters with ?name=value and keeps only the .proplist properties (.id only when named)', () => {
    const one = execute(menus, {
      command: '/ppp/active/print',
      args: { '.proplist': 'name,address' },
      queries: ['?name=karim77'],
    });
    expect(one).toEqual({ kind: 'rows', rows: [{ name: 'karim77', address: '10.30.214.21' }] });
    const withId = execute(menus, {
      command: '/ppp/active/getall',
      args: { '.proplist': '.id,name,nonsense' },
      queries: ['?service=l2tp'],
    });
    expect(withId).toEqual({ kind: 'rows', rows: [{ '.id': '*80000010', name: 'vpn-isp-1' }] });
    expect(project(ROWS[0]!, 'radius')).toEqual({ radius: 'true' });
  });

  it('evaluates the query stack: has, has not, less, greater, or, not, and booleans in either spelling', () => {
    const q = (...queries: string[]) =>
      names(execute(menus, { command: '/ppp/active/print', args: {}, queries }));
    expect(q('?limit-bytes-in')).toEqual(['rahim482@isp', 'karim77']);
    expect(q('?-limit-bytes-in')).toEqual(['vpn-isp-1']);
    expect(q('?>limit-bytes-in=100')).toEqual(['karim77']);
    expect(q('?<limit-bytes-in=100')).toEqual(['rahim482@isp']);
    expect(q('?name=karim77', '?name=vpn-isp-1', '?#|')).toEqual(['karim77', 'vpn-isp-1']);
    expect(q('?service=pppoe', '?#!')).toEqual(['vpn-isp-1']);
    expect(q('?radius=yes')).toEqual(['rahim482@isp']);
    expect(q('?service=pppoe', '?radius=false')).toEqual(['karim77']);
    expect(q('?=name=karim77')).toEqual(['karim77']);
    expect(q('?name=nobody')).toEqual([]);
    expect(whereOf(['?#x'])).toBe('unknown query operation x');
  });

  it('count-only answers the count as =ret=', () => {
    expect(
      execute(menus, {
        command: '/ppp/active/print',
        args: { 'count-only': '' },
        queries: ['?service=pppoe'],
      }),
    ).toEqual({ kind: 'rows', rows: [], ret: '2' });
  });

  it('an unknown menu or command is a category 0 trap; other commands go to the router', () => {
    expect(execute(menus, { command: '/ip/adress/print', args: {}, queries: [] })).toEqual({
      kind: 'trap',
      message: 'no such command',
      category: 0,
    });
    expect(execute(menus, { command: '/nope', args: {}, queries: [] })).toMatchObject({
      kind: 'trap',
      message: 'no such command',
    });
    expect(execute(menus, { command: '/echo', args: { a: '1' }, queries: [] })).toEqual({
      kind: 'rows',
      rows: [{ a: '1' }],
    });
  });
});
