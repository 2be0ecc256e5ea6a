import { parseFleetConfig, resolveDevices } from '../config/fleet-config';
import { SimDevice } from '../fleet/sim-device';
import { OltState } from '../model/olt-state';
import { SimClock } from '../model/sim-clock';
import { SimSyslog } from '../syslog/sim-syslog';
import { controlRoute, type ControlTarget } from './control-server';

function target(): ControlTarget {
  const cfg = parseFleetConfig({
    timeScale: 0,
    devices: [
      { name: 'olt-{n}', brand: 'vsol', mode: 'epon', ponPorts: 2, onusPerPort: 8, repeat: 2 },
      { name: 'slow', brand: 'bdcom', mode: 'gpon', ponPorts: 1, onusPerPort: 4, link: { rttMs: 20 } },
    ],
  });
  const clock = new SimClock(Math.floor(Date.parse(cfg.epoch) / 1000), 0);
  return {
    devices: resolveDevices(cfg, { mode: 'free' }).map((s) => new SimDevice(s, '127.0.0.1', clock)),
    clock,
  };
}

const olt = (t: ControlTarget, name: string) => t.devices.find((d) => d.name === name)?.state as OltState;

describe('control API: link and bulk ONU changes', () => {
  it('takes the link from the fleet file and changes it per device or for every device', () => {
    const t = target();
    expect(t.devices.map((d) => d.link)).toEqual([
      { rttMs: 0, varbindsPerSecond: 0 },
      { rttMs: 0, varbindsPerSecond: 0 },
      { rttMs: 20, varbindsPerSecond: 0 },
    ]);
    expect(controlRoute(t, 'PUT', '/devices/olt-1/link', { varbindsPerSecond: 1000 })).toEqual({
      status: 200,
      body: { rttMs: 0, varbindsPerSecond: 1000 },
    });
    expect(controlRoute(t, 'PUT', '/link', { rttMs: 20, varbindsPerSecond: 500 }).status).toBe(200);
    expect(t.devices.map((d) => d.link)).toEqual([
      { rttMs: 20, varbindsPerSecond: 500 },
      { rttMs: 20, varbindsPerSecond: 500 },
      { rttMs: 20, varbindsPerSecond: 500 },
    ]);
    expect(controlRoute(t, 'PUT', '/link', { rttMs: -1 }).status).toBe(400);
    expect(controlRoute(t, 'GET', '/devices/slow', null).body).toMatchObject({ link: { rttMs: 20 } });
  });

  it('changes many ONUs on many devices in one request and answers their new state', () => {
    const t = target();
    const [a, b] = [olt(t, 'olt-1'), olt(t, 'olt-2')];
    const up = (s: OltState) => s.onus().find((o) => o.status === 'online')!;
    const ua = up(a);
    const ub = up(b);
    const res = controlRoute(t, 'POST', '/onu-changes', {
      changes: [
        { device: 'olt-1', ponPort: ua.ponPort, onuId: ua.onuId, down: 'wire-down' },
        { device: 'olt-2', ponPort: ub.ponPort, onuId: ub.onuId, rxDbm: -29.5 },
      ],
    });
    expect(res).toEqual({
      status: 200,
      body: {
        applied: 2,
        onus: [
          {
            device: 'olt-1',
            ponPort: ua.ponPort,
            onuId: ua.onuId,
            status: 'offline',
            reason: 'wire-down',
            rxDbm: null,
          },
          {
            device: 'olt-2',
            ponPort: ub.ponPort,
            onuId: ub.onuId,
            status: 'online',
            reason: null,
            rxDbm: -29.5,
          },
        ],
      },
    });
    expect(a.onu(ua.ponPort, ua.onuId)).toMatchObject({ status: 'offline', lastDeregReason: 'wire-down' });
    // Back online once released (an outage lasts at least a simulated second).
    controlRoute(t, 'POST', '/onu-changes', {
      changes: [{ device: 'olt-1', ponPort: ua.ponPort, onuId: ua.onuId, down: null }],
    });
    t.clock.advance(1);
    expect(a.onu(ua.ponPort, ua.onuId)?.status).toBe('online');
  });

  it('refuses a bad change and names the ONUs it does not know', () => {
    const t = target();
    expect(
      controlRoute(t, 'POST', '/onu-changes', {
        changes: [{ device: 'olt-1', ponPort: 1, onuId: 1, down: 'gone' }],
      }).status,
    ).toBe(400);
    const res = controlRoute(t, 'POST', '/onu-changes', {
      changes: [{ device: 'nope', ponPort: 1, onuId: 1, rxDbm: -20 }],
    });
    expect(res).toMatchObject({ status: 404, body: { applied: 0, missing: ['nope 1/1'] } });
  });
});

describe('control API: syslog', () => {
  it('PUT /syslog turns it on for a loopback target only (400 otherwise) and off with null; GET shows it', async () => {
    const t = target();
    expect(controlRoute(t, 'GET', '/syslog', null).status).toBe(404);
    const syslog = new SimSyslog(t.devices, null, { noise: null, tickMs: 1e9 });
    const ts: ControlTarget = { ...t, syslog };
    try {
      expect(controlRoute(ts, 'GET', '/syslog', null)).toMatchObject({
        status: 200,
        body: { enabled: false, target: null, sent: 0 },
      });
      for (const target of ['10.0.0.5:514', '192.168.88.1:5514', { host: '8.8.8.8', port: 514 }]) {
        const r = controlRoute(ts, 'PUT', '/syslog', { target });
        expect(r).toMatchObject({ status: 400, body: { error: expect.stringMatching(/loopback/) } });
      }
      expect(controlRoute(ts, 'PUT', '/syslog', { host: '127.0.0.1' }).status).toBe(400);
      expect(syslog.enabled).toBe(false);
      const on = controlRoute(ts, 'PUT', '/syslog', { target: '127.0.0.1:5514' });
      expect(on).toMatchObject({ status: 200, body: { enabled: true, target: '127.0.0.1:5514' } });
      // Shared addresses: every OLT (and its router) sends from the shared host.
      expect((on.body as { sources: { name: string; address: string }[] }).sources).toEqual([
        { name: 'olt-1', kind: 'olt', address: '127.0.0.1' },
        { name: 'olt-2', kind: 'olt', address: '127.0.0.1' },
        { name: 'slow', kind: 'olt', address: '127.0.0.1' },
        { name: 'BRAS-olt-1', kind: 'router', address: '127.0.0.1' },
        { name: 'BRAS-olt-2', kind: 'router', address: '127.0.0.1' },
        { name: 'BRAS-slow', kind: 'router', address: '127.0.0.1' },
      ]);
      expect(
        controlRoute(ts, 'PUT', '/syslog', { target: { host: 'localhost', port: 6514 } }).body,
      ).toMatchObject({
        target: '127.0.0.1:6514',
      });
      expect(controlRoute(ts, 'PUT', '/syslog', { target: null })).toMatchObject({
        status: 200,
        body: { enabled: false, target: null },
      });
      controlRoute(ts, 'PUT', '/syslog', { target: '127.0.0.1:5514' });
      expect(controlRoute(ts, 'DELETE', '/syslog', null).body).toMatchObject({ enabled: false });
    } finally {
      await syslog.stop();
    }
  });
});

describe('control API: a switch port forced down or up', () => {
  function switchTarget(): ControlTarget {
    const cfg = parseFleetConfig({
      timeScale: 0,
      devices: [
        { name: 'sw', brand: 'snr', ports: 8, sfpPorts: 4, portAliases: { '5': 'uplink olt-1' } },
        { name: 'olt', brand: 'vsol', mode: 'epon', ponPorts: 1, onusPerPort: 2 },
      ],
    });
    const clock = new SimClock(Math.floor(Date.parse(cfg.epoch) / 1000), 0);
    return {
      devices: resolveDevices(cfg, { mode: 'free' }).map((s) => new SimDevice(s, '127.0.0.1', clock)),
      clock,
    };
  }
  const ports = (t: ControlTarget) =>
    (controlRoute(t, 'GET', '/devices/sw/state', null).body as { ports: { port: number }[] }).ports;

  it('takes an SFP port down (no light) and up (light back), then back to the simulated default', () => {
    const t = switchTarget();
    const before = ports(t);
    for (const port of [5, 6, 7, 8]) {
      const down = controlRoute(t, 'PUT', `/devices/sw/ports/${port}/link`, { up: false });
      expect(down).toMatchObject({ status: 200, body: { port, link: 'down', sfp: true, rxDbm: null } });
      const up = controlRoute(t, 'PUT', `/devices/sw/ports/${port}/link`, { up: true });
      expect(up).toMatchObject({ status: 200, body: { port, link: 'up', sfp: true } });
      expect(typeof (up.body as { rxDbm: unknown }).rxDbm).toBe('number');
    }
    // The state the control API reads says so too, with the port's alias from the fleet file.
    expect(ports(t).find((p) => p.port === 5)).toMatchObject({ link: 'up', alias: 'uplink olt-1' });
    for (const port of [5, 6, 7, 8])
      expect(controlRoute(t, 'PUT', `/devices/sw/ports/${port}/link`, { up: null }).status).toBe(200);
    expect(ports(t)).toEqual(before);
  });

  it('answers 400 without a boolean or null `up`, 404 for a port the switch lacks or an OLT', () => {
    const t = switchTarget();
    expect(controlRoute(t, 'PUT', '/devices/sw/ports/5/link', {})).toEqual({
      status: 400,
      body: { error: 'up must be true, false or null' },
    });
    expect(controlRoute(t, 'PUT', '/devices/sw/ports/5/link', { up: 'no' }).status).toBe(400);
    expect(controlRoute(t, 'PUT', '/devices/sw/ports/9/link', { up: false })).toEqual({
      status: 404,
      body: { error: 'port not found' },
    });
    expect(controlRoute(t, 'PUT', '/devices/olt/ports/1/link', { up: false }).status).toBe(404);
    // A copper port can be pulled too; it never had optics.
    expect(controlRoute(t, 'PUT', '/devices/sw/ports/1/link', { up: false })).toMatchObject({
      status: 200,
      body: { port: 1, link: 'down', sfp: false, rxDbm: null },
    });
  });
});
