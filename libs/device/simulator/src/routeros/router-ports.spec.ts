import { parseFleetConfig, resolveConcentrator, resolveDevices } from '../config/fleet-config';

const FLEET = {
  devices: [
    { name: 'olt-a', brand: 'bdcom', mode: 'epon', ponPorts: 1, onusPerPort: 4 },
    { name: 'sw', brand: 'snr', ports: 8, sfpPorts: 2 },
    {
      name: 'olt-b',
      brand: 'vsol',
      mode: 'gpon',
      ponPorts: 1,
      onusPerPort: 4,
      router: { username: 'noc', password: 'b-secret', faults: { legacyLogin: true } },
    },
  ],
} as const;

describe('where the simulated MikroTiks listen, and their logins', () => {
  it('shared addresses: each OLT\u2019s router on 17728 + its position, the concentrator on 17700', () => {
    const cfg = parseFleetConfig(FLEET);
    const routers = resolveDevices(cfg).map((d) => d.router);
    expect(routers).toEqual([
      { username: 'pondesk', password: 'pondesk-api', apiPort: 17728, faults: {} },
      null,
      { username: 'noc', password: 'b-secret', apiPort: 17730, faults: { legacyLogin: true } },
    ]);
    expect(resolveConcentrator(cfg)).toEqual({
      username: 'pondesk',
      password: 'pondesk-api',
      apiPort: 17700,
      faults: {},
      profile: 'pondesk-vpn',
      autoDial: false,
      autoDialDelayMs: 3000,
    });
    // Shifted like every other fixed port (`--port-offset`), or picked by the OS.
    const shifted = resolveDevices(cfg, { mode: 'fixed', routerApiBase: 20728, concentratorPort: 20700 });
    expect(shifted.map((d) => d.router?.apiPort ?? null)).toEqual([20728, null, 20730]);
    expect(resolveDevices(cfg, { mode: 'free' }).map((d) => d.router?.apiPort ?? null)).toEqual([0, null, 0]);
    expect(resolveConcentrator(cfg, { mode: 'free' })?.apiPort).toBe(0);
  });

  it('per-device addresses: every router on the API\u2019s own port, 8728, of its own address', () => {
    const cfg = parseFleetConfig({ ...FLEET, addresses: 'per-device' });
    expect(resolveDevices(cfg).map((d) => [d.routerAddress, d.router?.apiPort ?? null])).toEqual([
      ['127.0.2.1', 8728],
      [null, null],
      ['127.0.2.3', 8728],
    ]);
  });

  it('the fleet file sets the concentrator, or turns it off; a router on a switch is refused', () => {
    const on = parseFleetConfig({
      ...FLEET,
      concentrator: { username: 'vpn', password: 'vpn-pass', profile: 'isp-vpn', autoDial: true },
    });
    expect(resolveConcentrator(on)).toMatchObject({
      username: 'vpn',
      password: 'vpn-pass',
      profile: 'isp-vpn',
      autoDial: true,
    });
    expect(resolveConcentrator(parseFleetConfig({ ...FLEET, concentrator: { enabled: false } }))).toBeNull();
    expect(() =>
      parseFleetConfig({ devices: [{ name: 'sw', brand: 'snr', router: { username: 'x' } }] }),
    ).toThrow('device sw: router is for OLTs (the MikroTik in front of one)');
    expect(() =>
      parseFleetConfig({
        devices: [{ name: 'o', brand: 'bdcom', mode: 'epon', router: { faults: { slowMs: 5 } } }],
      }),
    ).toThrow();
  });
});
