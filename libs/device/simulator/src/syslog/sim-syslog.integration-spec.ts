/**
 * Per-device loopback addresses and the devices' syslog over real UDP: each device answers on its own address,
 * each OLT (and its simulated MikroTik router) sends its lines from its own address, changes made through the
 * control API are sent at once and changes from simulated time by the pass; loopback targets only; off sends
 * nothing.
 */
import { createSocket, type Socket } from 'node:dgram';
import { connect } from 'node:net';
import { parsePppoeIds } from '@pondesk/contracts';
import { createOltDriver, profiles } from '@pondesk/device-drivers';
import { SnmpClient } from '@pondesk/device-snmp';
import { startFleet, type RunningFleet } from '../fleet/fleet-runner';
import type { SimDeviceInfo } from '../fleet/sim-device';
import { OltState } from '../model/olt-state';

interface Datagram {
  from: string;
  text: string;
}

/** A syslog receiver on 127.0.0.1:<free port> that keeps every datagram with its sender address. */
class Receiver {
  readonly got: Datagram[] = [];
  private socket: Socket | null = null;
  port = 0;

  async start(): Promise<this> {
    const s = createSocket('udp4');
    s.on('message', (m, r) => this.got.push({ from: r.address, text: m.toString('utf8') }));
    await new Promise<void>((resolve) => s.bind(0, '127.0.0.1', () => resolve()));
    this.socket = s;
    this.port = s.address().port;
    return this;
  }

  /** The first datagram (from `after` on) that `pred` accepts; fails after `timeoutMs`. */
  async waitFor(pred: (d: Datagram) => boolean, timeoutMs = 3000, after = 0): Promise<Datagram> {
    const t0 = Date.now();
    for (;;) {
      const hit = this.got.slice(after).find(pred);
      if (hit) return hit;
      if (Date.now() - t0 > timeoutMs)
        throw new Error(
          `no matching datagram in ${timeoutMs} ms; got:\n${this.got.map((d) => `${d.from} ${d.text}`).join('\n')}`,
        );
      await sleep(20);
    }
  }

  close(): void {
    this.socket?.close();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function http(url: string, method = 'GET', body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as unknown };
}

/** `a0:94:6a:89:97:d0` → `a094.6a89.97d0`, typed out here rather than taken from the code under test. */
const dotted = (mac: string): string => {
  const h = mac.replace(/:/g, '');
  return `${h.slice(0, 4)}.${h.slice(4, 8)}.${h.slice(8)}`;
};

const onlineOnu = (fleet: RunningFleet, name: string, skip = 0) =>
  (fleet.device(name).state as OltState).onus().filter((o) => o.status === 'online')[skip]!;

describe('per-device loopback addresses', () => {
  let fleet: RunningFleet;

  beforeAll(async () => {
    fleet = await startFleet(
      {
        devices: [
          { name: 'b', brand: 'bdcom', mode: 'epon', ponPorts: 2, onusPerPort: 4 },
          { name: 'v', brand: 'vsol', mode: 'gpon', ponPorts: 2, onusPerPort: 4 },
          { name: 'sw', brand: 'snr', ports: 8, sfpPorts: 2 },
        ],
      },
      { timeScale: 0, addresses: 'per-device' },
    );
  });

  afterAll(async () => {
    await fleet?.stop();
  });

  it('each device answers SNMP and telnet on its own address; the control API stays on the shared host', async () => {
    expect(fleet.devices.map((d) => [d.name, d.host, d.routerHost])).toEqual([
      ['b', '127.0.1.1', '127.0.2.1'],
      ['v', '127.0.1.2', '127.0.2.2'],
      ['sw', '127.0.1.3', null],
    ]);
    expect(new URL(fleet.controlUrl ?? '').hostname).toBe('127.0.0.1');
    for (const d of fleet.devices) {
      const c = new SnmpClient({
        host: d.host,
        port: d.snmpPort,
        community: 'public',
        version: 'v2c',
        timeoutMs: 1000,
        retries: 0,
      });
      try {
        const descr = (await c.getMap([profiles.switchOptics.system.sysDescr])).get(
          profiles.switchOptics.system.sysDescr,
        );
        expect(descr?.type).toBe('octets');
      } finally {
        c.close();
      }
    }
    const b = fleet.devices[0] as SimDeviceInfo;
    const tcp = (host: string) =>
      new Promise<boolean>((resolve) => {
        const s = connect({ host, port: b.telnetPort ?? 0 }, () => {
          s.destroy();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      });
    expect(await tcp('127.0.1.1')).toBe(true);
    expect(await tcp('127.0.0.1')).toBe(false);
    // The drivers read the OLT at its own address (what a console registers as the OLT's host).
    const drv = createOltDriver('bdcom', 'epon', {
      host: b.host,
      snmp: { port: b.snmpPort, community: 'public' },
    });
    try {
      expect((await drv.listOnus()).length).toBe(8);
    } finally {
      await drv.close();
    }
    const listed = (await http(`${fleet.controlUrl}/devices`)).json as SimDeviceInfo[];
    expect(listed).toEqual(fleet.devices);
    expect(((await http(`${fleet.controlUrl}/routers`)).json as { list: unknown }).list).toEqual([
      { olt: 'b', identity: 'BRAS-b', host: '127.0.2.1' },
      { olt: 'v', identity: 'BRAS-v', host: '127.0.2.2' },
    ]);
  });
});

describe('syslog from the simulated OLTs', () => {
  let rx: Receiver;
  let fleet: RunningFleet;
  let base: string;

  beforeAll(async () => {
    rx = await new Receiver().start();
    fleet = await startFleet(
      {
        devices: [
          { name: 'b', brand: 'bdcom', mode: 'epon', ponPorts: 2, onusPerPort: 8, hostname: 'OLT-B' },
          { name: 'bg', brand: 'bdcom', mode: 'gpon', ponPorts: 2, onusPerPort: 4, hostname: 'OLT-BG' },
          { name: 've', brand: 'vsol', mode: 'epon', ponPorts: 2, onusPerPort: 4, hostname: 'OLT-VE' },
          { name: 'vg', brand: 'vsol', mode: 'gpon', ponPorts: 2, onusPerPort: 4, hostname: 'OLT-VG' },
          { name: 'ce', brand: 'cdata', mode: 'epon', ponPorts: 2, onusPerPort: 4, hostname: 'OLT-CE' },
          { name: 'cg', brand: 'cdata', mode: 'gpon', ponPorts: 2, onusPerPort: 4, hostname: 'OLT-CG' },
          { name: 'ae', brand: 'avies', mode: 'epon', ponPorts: 2, onusPerPort: 4, hostname: 'OLT-AE' },
          { name: 'ag', brand: 'avies', mode: 'gpon', ponPorts: 2, onusPerPort: 4, hostname: 'OLT-AG' },
        ],
      },
      {
        timeScale: 0,
        addresses: 'per-device',
        syslog: { host: '127.0.0.1', port: rx.port },
        // No pass: only the control API's changes send lines here, so they are sent at once.
        syslogOptions: { tickMs: 1e9, noise: null },
      },
    );
    base = fleet.controlUrl ?? '';
  });

  afterAll(async () => {
    await fleet?.stop();
    rx?.close();
  });

  it('BDCOM: the control API takes an ONU offline → deregistered line from the OLT address; released → registered', async () => {
    const u = onlineOnu(fleet, 'b');
    // The MAC as the OLT's SNMP tables show it, read through the driver.
    const drv = createOltDriver('bdcom', 'epon', {
      host: '127.0.1.1',
      snmp: { port: fleet.devices[0]!.snmpPort, community: 'public' },
    });
    let mac: string;
    try {
      mac = (await drv.listOnus()).find((o) => o.ponPort === u.ponPort && o.onuId === u.onuId)!.mac!;
    } finally {
      await drv.close();
    }
    expect(mac).toBe(u.mac);
    const at = rx.got.length;
    const res = await http(`${base}/onu-changes`, 'POST', {
      changes: [{ device: 'b', ponPort: u.ponPort, onuId: u.onuId, down: 'power-off' }],
    });
    expect(res.status).toBe(200);
    const down = await rx.waitFor((d) => d.text.includes('deregistered'), 2000, at);
    expect(down).toEqual({
      from: '127.0.1.1',
      text: `<190>Nov 20 00:00:00 OLT-B %EPON-ONUREG: ONU ${dotted(mac)} is deregistered on EPON0/${u.ponPort}:${u.onuId}. \0`,
    });
    await http(`${base}/clock`, 'PUT', { advanceSeconds: 5 });
    const at2 = rx.got.length;
    await http(`${base}/onu-changes`, 'POST', {
      changes: [{ device: 'b', ponPort: u.ponPort, onuId: u.onuId, down: null }],
    });
    const up = await rx.waitFor((d) => d.text.includes(' is registered'), 2000, at2);
    expect(up).toEqual({
      from: '127.0.1.1',
      text: `<190>Nov 20 00:00:05 OLT-B %EPON-ONUREG: ONU ${dotted(mac)} is registered on EPON0/${u.ponPort}:${u.onuId}. \0`,
    });
    // A reboot through the control API: its line at once too.
    const at3 = rx.got.length;
    expect((await http(`${base}/devices/b/onus/${u.ponPort}/${u.onuId}/reboot`, 'POST')).json).toEqual({
      rebooted: true,
    });
    await rx.waitFor(
      (d) => d.text.endsWith(`is deregistered on EPON0/${u.ponPort}:${u.onuId}. \0`),
      2000,
      at3,
    );
    await fleet.syslog.idle();
    expect(rx.got.every((d) => d.from === '127.0.1.1')).toBe(true);
  });

  it('every family: a fibre loss through the control API, as its line from its own address', async () => {
    expect(new Date(fleet.clock.now() * 1000).toISOString()).toBe('2026-11-20T00:00:05.000Z');
    const H = '<188>Nov 20 00:00:05';
    const expected: Record<
      string,
      (u: { ponPort: number; onuId: number; mac: string; serial: string }) => string[]
    > = {
      b: (u) => [
        `<190>Nov 20 00:00:05 OLT-B %EPON-ONUREG: ONU ${dotted(u.mac)} is deregistered on EPON0/${u.ponPort}:${u.onuId}. \0`,
      ],
      bg: (u) => [
        `<190>Nov 20 00:00:05 OLT-BG %GPON-ONUREG: ONU ${dotted(u.mac)} is deregistered on GPON0/${u.ponPort}:${u.onuId}. \0`,
      ],
      ve: (u) => [
        `${H} OLT-VE ONU Offline              PON 0/${u.ponPort} ONU ${u.onuId} mac ${u.mac}  Wire Down`,
      ],
      vg: (u) => [`${H} OLT-VG ONU LOS                  PON 0/${u.ponPort} ONU ${u.onuId} sn ${u.serial}`],
      ce: (u) => [
        `<187>Nov 20 00:00:05 OLT-CE PON 0/0/${u.ponPort} ONU ${u.onuId} Loss of signal for ONU(LOSi)`,
        `<187>Nov 20 00:00:05 OLT-CE PON 0/0/${u.ponPort} ONU ${u.onuId} Loss of frame for ONU(LOFi)`,
      ],
      cg: (u) => [
        `<187>Nov 20 00:00:05 OLT-CG PON 0/0/${u.ponPort} ONU ${u.onuId} Loss of signal for ONU(LOSi)`,
        `<187>Nov 20 00:00:05 OLT-CG PON 0/0/${u.ponPort} ONU ${u.onuId} Loss of frame for ONU(LOFi)`,
      ],
      ae: (u) => [
        `${H} OLT-AE [2026/11/20 00:00:05]  Warning: ONU ${u.ponPort}/${u.onuId} ${u.mac} Onu deregister, Reason:Laser out`,
      ],
      ag: (u) => [
        `${H} OLT-AG [2026/11/20 00:00:05]  Warning: ONT ${u.ponPort}/${u.onuId} ${u.serial} ONT deregister, Reason:LOS`,
      ],
    };
    for (const [i, d] of fleet.devices.entries()) {
      const u = onlineOnu(fleet, d.name, 1);
      const at = rx.got.length;
      await http(`${base}/onu-changes`, 'POST', {
        changes: [{ device: d.name, ponPort: u.ponPort, onuId: u.onuId, down: 'los' }],
      });
      const want = expected[d.name]!(u);
      await rx.waitFor(() => rx.got.length - at >= want.length, 2000, at);
      expect(rx.got.slice(at)).toEqual(want.map((text) => ({ from: `127.0.1.${i + 1}`, text })));
    }
  });

  it('refuses a target off loopback (400 at run time, a throw at start) and stops sending when switched off', async () => {
    for (const target of ['192.168.88.1:514', '10.0.0.1:5514', { host: '1.1.1.1', port: 514 }]) {
      const r = await http(`${base}/syslog`, 'PUT', { target });
      expect(r.status).toBe(400);
      expect((r.json as { error: string }).error).toMatch(/loopback addresses \(127\.0\.0\.0\/8\) only/);
    }
    await expect(
      startFleet(
        { devices: [{ name: 'x', brand: 'bdcom', mode: 'epon' }] },
        { syslog: { host: '10.0.0.1', port: 514 } },
      ),
    ).rejects.toThrow(/syslog target 10\.0\.0\.1 refused: the simulator sends syslog to loopback addresses/);
    await expect(
      startFleet({ syslog: '192.168.1.2:514', devices: [{ name: 'x', brand: 'bdcom', mode: 'epon' }] }),
    ).rejects.toThrow(/loopback/);
    // Still on to the test's receiver; now off: a change sends nothing.
    expect((await http(`${base}/syslog`)).json).toMatchObject({
      enabled: true,
      target: `127.0.0.1:${rx.port}`,
    });
    expect((await http(`${base}/syslog`, 'PUT', { target: null })).json).toMatchObject({ enabled: false });
    const u = onlineOnu(fleet, 'b', 2);
    const at = rx.got.length;
    await http(`${base}/onu-changes`, 'POST', {
      changes: [{ device: 'b', ponPort: u.ponPort, onuId: u.onuId, down: 'los' }],
    });
    await sleep(500);
    expect(rx.got.slice(at)).toEqual([]);
    // Back on: the next change is sent again.
    await http(`${base}/syslog`, 'PUT', { target: `127.0.0.1:${rx.port}` });
    await http(`${base}/onu-changes`, 'POST', {
      changes: [{ device: 'b', ponPort: u.ponPort, onuId: u.onuId, down: null }],
    });
    await http(`${base}/clock`, 'PUT', { advanceSeconds: 2 });
    const v = onlineOnu(fleet, 'b', 3);
    await http(`${base}/onu-changes`, 'POST', {
      changes: [{ device: 'b', ponPort: v.ponPort, onuId: v.onuId, down: 'los' }],
    });
    await rx.waitFor((d) => d.text.includes(`deregistered on EPON0/${v.ponPort}:${v.onuId}.`), 2000, at);
  });
});

describe('syslog: simulated time, routers, noise, shared addresses, off', () => {
  it('changes from simulated time passing are found by the pass: one line per ONU whose status changed', async () => {
    const rx = await new Receiver().start();
    const fleet = await startFleet(
      { seed: 7, devices: [{ name: 'b', brand: 'bdcom', mode: 'epon', ponPorts: 4, onusPerPort: 32 }] },
      {
        timeScale: 0,
        addresses: 'per-device',
        syslog: { host: '127.0.0.1', port: rx.port },
        syslogOptions: { tickMs: 100, noise: null },
      },
    );
    try {
      const st = fleet.device('b').state as OltState;
      await sleep(300); // the first pass records every ONU
      const before = new Map(st.onus().map((o) => [`${o.ponPort}:${o.onuId}`, o.status]));
      fleet.clock.advance(12 * 3600);
      const after = st.onus();
      const changed = after.filter((o) => before.get(`${o.ponPort}:${o.onuId}`) !== o.status);
      expect(changed.length).toBeGreaterThan(0);
      // The OLT's router (127.0.2.1) may also log its subscribers' PPPoE sessions ending and starting
      // again as their ONUs change: only the OLT's ONU lines are counted here.
      const onuLine = / (ONU .+\.) \0$/;
      const onuLines = () => rx.got.filter((d) => onuLine.test(d.text));
      await rx.waitFor(() => onuLines().length >= changed.length, 3000);
      await sleep(300);
      const want = changed
        .map(
          (o) =>
            `ONU ${dotted(o.mac)} is ${o.status === 'online' ? 'registered' : 'deregistered'} on EPON0/${o.ponPort}:${o.onuId}.`,
        )
        .sort();
      expect(
        onuLines()
          .map((d) => onuLine.exec(d.text)?.[1] ?? d.text)
          .sort(),
      ).toEqual(want);
      expect(new Set(onuLines().map((d) => d.from))).toEqual(new Set(['127.0.1.1']));
    } finally {
      await fleet.stop();
      rx.close();
    }
  });

  it('routers send PPPoE disconnected / connected from their own address; noise lines come from every device', async () => {
    const rx = await new Receiver().start();
    const fleet = await startFleet(
      { devices: [{ name: 'v', brand: 'vsol', mode: 'gpon', ponPorts: 2, onusPerPort: 16 }] },
      {
        timeScale: 0,
        addresses: 'per-device',
        routerAddressBase: '127.0.3.1',
        syslog: { host: '127.0.0.1', port: rx.port },
        syslogOptions: { noise: { minMs: 100, maxMs: 300 } },
      },
    );
    try {
      const st = fleet.device('v').state as OltState;
      const u = st.onus().find((o) => o.status === 'online' && parsePppoeIds(o.description).length)!;
      const user = parsePppoeIds(u.description)[0];
      // Noise: the router's admin logs in, the OLT writes an admin login of its own.
      await rx.waitFor(
        (d) =>
          d.from === '127.0.3.1' &&
          d.text === '<30>system,info,account user admin logged in from 127.0.0.1 via winbox',
      );
      await rx.waitFor(
        (d) =>
          d.from === '127.0.1.1' &&
          d.text ===
            '<190>Nov 20 00:00:00 gpon-olt User Login               User admin logged in from 127.0.0.1 on vty',
      );
      st.setOnuDown(u.ponPort, u.onuId, 'power-off');
      await rx.waitFor(
        (d) => d.from === '127.0.3.1' && d.text === `<30>pppoe,ppp,info <pppoe-${user}>: disconnected`,
        3000,
      );
      fleet.clock.advance(5);
      st.setOnuDown(u.ponPort, u.onuId, null);
      await rx.waitFor(
        (d) => d.from === '127.0.3.1' && d.text === `<30>pppoe,ppp,info <pppoe-${user}>: connected`,
        3000,
      );
      // The PPPoE lines never come from the OLT, nor the OLT's from the router.
      expect(rx.got.filter((d) => d.text.includes('pppoe')).every((d) => d.from === '127.0.3.1')).toBe(true);
      expect(rx.got.filter((d) => d.text.includes('sn ')).every((d) => d.from === '127.0.1.1')).toBe(true);
      // The routers' HTTP posting stayed off.
      expect((await http(`${fleet.controlUrl}/routers`)).json).toMatchObject({
        enabled: false,
        syslog: true,
      });
    } finally {
      await fleet.stop();
      rx.close();
    }
  });

  it("shared addresses: every line from the fleet's host; no target: nothing sent at all", async () => {
    const rx = await new Receiver().start();
    const on = await startFleet(
      { devices: [{ name: 'c', brand: 'cdata', mode: 'gpon', ponPorts: 1, onusPerPort: 4 }] },
      { timeScale: 0, syslog: { host: '127.0.0.1', port: rx.port }, syslogOptions: { noise: null } },
    );
    try {
      const u = onlineOnu(on, 'c');
      (on.device('c').state as OltState).setOnuDown(u.ponPort, u.onuId, 'power-off');
      const d = await rx.waitFor((x) => x.text.includes('Dying gasp(DGi)'));
      expect(d).toEqual({
        from: '127.0.0.1',
        text: `<188>Nov 20 00:00:00 OLT PON 0/0/${u.ponPort} ONU ${u.onuId} Dying gasp(DGi)`,
      });
    } finally {
      await on.stop();
    }
    const off = await startFleet(
      { devices: [{ name: 'c', brand: 'cdata', mode: 'gpon', ponPorts: 1, onusPerPort: 4 }] },
      {
        timeScale: 0,
        addresses: 'per-device',
        syslogOptions: { noise: { minMs: 10, maxMs: 20 }, tickMs: 50 },
      },
    );
    try {
      const at = rx.got.length;
      const u = onlineOnu(off, 'c');
      (off.device('c').state as OltState).setOnuDown(u.ponPort, u.onuId, 'power-off');
      off.clock.advance(86_400);
      await sleep(600);
      expect(rx.got.slice(at)).toEqual([]);
      expect(off.syslog.view()).toMatchObject({ enabled: false, sent: 0 });
    } finally {
      await off.stop();
      rx.close();
    }
  });
});
