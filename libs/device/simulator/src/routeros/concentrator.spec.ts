import { execute } from './api-menus';
import { SimConcentrator } from './concentrator';

const print = (
  c: SimConcentrator,
  menu: string,
  args: Record<string, string> = {},
  queries: string[] = [],
) => {
  const out = execute(c, { command: `${menu}/print`, args, queries });
  if (out.kind !== 'rows') throw new Error(out.message);
  return out.rows;
};

afterEach(() => jest.useRealTimers());

describe('the simulated VPN concentrator', () => {
  it('adds secrets (=ret=*N), refuses a duplicate name and an unknown profile, removes by id', () => {
    const c = new SimConcentrator({ profile: 'pondesk-vpn' });
    const add = (args: Record<string, string>) => c.run('/ppp/secret/add', args);
    expect(add({ name: 'isp-101', password: 's3cret-101', service: 'l2tp', profile: 'pondesk-vpn' })).toEqual(
      {
        kind: 'rows',
        rows: [],
        ret: '*1',
      },
    );
    expect(
      add({
        name: 'isp-102',
        password: 's3cret-102',
        service: 'l2tp',
        profile: 'pondesk-vpn',
        comment: 'Tenant 102',
      }),
    ).toEqual({
      kind: 'rows',
      rows: [],
      ret: '*2',
    });
    expect(add({ name: 'isp-101', password: 'other', service: 'l2tp' })).toEqual({
      kind: 'trap',
      message: 'failure: secret with the same name already exists',
    });
    expect(add({ name: 'isp-103', profile: 'no-such-profile' })).toEqual({
      kind: 'trap',
      message: 'input does not match any value of profile',
      category: 1,
    });
    expect(add({ name: 'isp-103', service: 'telepathy' })).toMatchObject({ kind: 'trap', category: 1 });
    expect(add({ name: 'isp-103', colour: 'blue' })).toMatchObject({
      kind: 'trap',
      message: 'unknown parameter colour',
    });
    expect(print(c, '/ppp/secret')).toEqual([
      {
        '.id': '*1',
        name: 'isp-101',
        service: 'l2tp',
        'caller-id': '',
        profile: 'pondesk-vpn',
        'local-address': '',
        'remote-address': '',
        routes: '',
        'limit-bytes-in': '0',
        'limit-bytes-out': '0',
        disabled: 'false',
      },
      {
        '.id': '*2',
        name: 'isp-102',
        service: 'l2tp',
        'caller-id': '',
        profile: 'pondesk-vpn',
        'local-address': '',
        'remote-address': '',
        routes: '',
        'limit-bytes-in': '0',
        'limit-bytes-out': '0',
        disabled: 'false',
        comment: 'Tenant 102',
      },
    ]);
    // The password is kept (the control API shows it to tests) but never printed over the API.
    expect(c.secretViews().map((s) => s.password)).toEqual(['s3cret-101', 's3cret-102']);
    expect(c.run('/ppp/secret/remove', { '.numbers': '*1' })).toEqual({ kind: 'rows', rows: [] });
    expect(c.run('/ppp/secret/remove', { '.id': '*1' })).toEqual({
      kind: 'trap',
      message: 'no such item',
      category: 0,
    });
    expect(print(c, '/ppp/secret', { '.proplist': '.id,name' })).toEqual([{ '.id': '*2', name: 'isp-102' }]);
    // Ids are not reused.
    expect(add({ name: 'isp-101', profile: 'pondesk-vpn' })).toMatchObject({ ret: '*3' });
    expect(c.run('/ppp/secret/set', { '.id': '*3', name: 'isp-102' })).toMatchObject({
      message: 'failure: secret with the same name already exists',
    });
    expect(c.run('/ppp/secret/set', { '.id': '*3', disabled: 'yes' })).toEqual({ kind: 'rows', rows: [] });
    expect(print(c, '/ppp/secret', { '.proplist': 'name' }, ['?disabled=true'])).toEqual([
      { name: 'isp-101' },
    ]);
  });

  it('shows a tunnel in /ppp/active once the secret\u2019s router dials in (l2tp, an address from the pool)', () => {
    let now = 1_800_000_000_000;
    const c = new SimConcentrator({ now: () => now });
    c.run('/ppp/secret/add', { name: 'isp-101', password: 'a', service: 'any', profile: 'pondesk-vpn' });
    c.run('/ppp/secret/add', { name: 'isp-102', password: 'b', service: 'sstp', profile: 'pondesk-vpn' });
    expect(print(c, '/ppp/active')).toEqual([]);
    expect(c.connect('isp-101', { callerId: '203.0.113.9' })).toMatchObject({ ok: true, already: false });
    now += 3 * 60_000 + 7_000;
    expect(c.connect('isp-102')).toMatchObject({ ok: true });
    expect(print(c, '/ppp/active')).toEqual([
      {
        '.id': '*80000001',
        name: 'isp-101',
        service: 'l2tp',
        'caller-id': '203.0.113.9',
        address: '10.99.0.2',
        uptime: '3m7s',
        encoding: '',
        'session-id': '0x81000001',
        'limit-bytes-in': '0',
        'limit-bytes-out': '0',
        radius: 'false',
      },
      expect.objectContaining({ name: 'isp-102', service: 'sstp', address: '10.99.0.3', uptime: '0s' }),
    ]);
    expect(c.connect('isp-101')).toMatchObject({ ok: true, already: true });
    expect(c.connect('nobody')).toEqual({
      ok: false,
      status: 404,
      error: 'no PPP secret nobody on the concentrator',
    });
    // The console (or an operator) can drop a tunnel; its address is free for the next one.
    expect(c.run('/ppp/active/remove', { '.id': '*80000001' })).toEqual({ kind: 'rows', rows: [] });
    expect(print(c, '/ppp/active', { '.proplist': 'name' })).toEqual([{ name: 'isp-102' }]);
    expect(c.disconnect('isp-102')).toBe(true);
    expect(c.disconnect('isp-102')).toBe(false);
    c.run('/ppp/secret/set', { numbers: 'isp-101', disabled: 'yes' });
    expect(c.connect('isp-101')).toEqual({
      ok: false,
      status: 409,
      error: 'the PPP secret isp-101 is disabled',
    });
  });

  it('auto-dial: a secret added over the API is dialled in 3 s later, unless it is gone by then', () => {
    jest.useFakeTimers();
    const c = new SimConcentrator({ autoDial: true });
    c.run('/ppp/secret/add', { name: 'isp-101', password: 'a', service: 'l2tp', profile: 'pondesk-vpn' });
    c.run('/ppp/secret/add', { name: 'isp-102', password: 'b', service: 'l2tp', profile: 'pondesk-vpn' });
    jest.advanceTimersByTime(2999);
    expect(c.activeSessions()).toEqual([]);
    c.run('/ppp/secret/remove', { numbers: '*2' });
    jest.advanceTimersByTime(1);
    expect(c.activeSessions().map((s) => s.name)).toEqual(['isp-101']);
    expect(c.secretViews().map((s) => [s.name, s.connected])).toEqual([['isp-101', true]]);
    c.stop();
  });

  it('answers as a CHR: routerboard false, its identity, the VPN profile', () => {
    const c = new SimConcentrator({ profile: 'pondesk-vpn' });
    expect(print(c, '/system/routerboard')).toEqual([{ routerboard: 'false' }]);
    expect(print(c, '/system/identity')).toEqual([{ name: 'vpn-concentrator' }]);
    expect(print(c, '/system/resource')[0]).toMatchObject({ 'board-name': 'CHR', platform: 'MikroTik' });
    expect(print(c, '/ppp/profile', { '.proplist': 'name' })).toEqual([
      { name: 'default' },
      { name: 'pondesk-vpn' },
      { name: 'default-encryption' },
    ]);
  });
});
