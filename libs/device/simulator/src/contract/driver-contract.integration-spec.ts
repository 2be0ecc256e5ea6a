/**
 * Contract: the drivers of @pondesk/device-drivers read the simulator and get exactly the state it holds, field by
 * field, for every brand and mode, over SNMP, telnet and (AVIES) the web API. The clock is frozen so driver reads and
 * the simulator's snapshot describe the same instant.
 */
import { SnmpClient } from '@pondesk/device-snmp';
import {
  autodetect,
  closeHsgqSessions,
  createOltDriver,
  createSwitchDriver,
  profiles,
  type DeregReason,
  type OltDriver,
  type OnuRecord,
} from '@pondesk/device-drivers';
import { startFleet, type RunningFleet } from '../index';
import type { SimDeviceInfo } from '../fleet/sim-device';
import type { SimOnu } from '../model/olt-state';
import { OltState } from '../model/olt-state';
import { SwitchState } from '../model/switch-state';
import { dashTime, slashTime } from '../brands/device-text';

const { codec } = profiles;

type Kind =
  | 'bdcom/epon'
  | 'bdcom/gpon'
  | 'vsol/epon'
  | 'vsol/gpon'
  | 'cdata/epon'
  | 'cdata/gpon'
  | 'avies/epon'
  | 'avies/gpon';

type Expected = Omit<OnuRecord, 'ifName' | 'statusRaw' | 'lastDeregReasonRaw'>;

const blank = (u: SimOnu): Expected => ({
  ponPort: u.ponPort,
  onuId: u.onuId,
  status: u.status,
  mac: null,
  serial: null,
  description: u.description,
  distanceM: null,
  lastDeregReason: null,
  lastDeregTime: null,
  lastRegTime: null,
  vendor: null,
  model: null,
  rxDbm: null,
  txDbm: null,
  temperatureC: null,
  voltageV: null,
  biasMa: null,
  oltRxDbm: null,
});

const optics = (u: SimOnu) => ({
  rxDbm: u.rxDbm,
  txDbm: u.txDbm,
  temperatureC: u.temperatureC,
  voltageV: u.voltageV,
  biasMa: u.biasMa,
});

/** V-SOL EPON's reason codes only know power-off and wire-down. */
const vsolEponReason = (r: DeregReason): DeregReason => (r === 'power-off' ? 'power-off' : 'wire-down');

/** What each driver must report for an ONU over its primary transport (SNMP; AVIES: the web API). */
const EXPECT: Record<Kind, (u: SimOnu) => Expected> = {
  'bdcom/epon': (u) => ({
    ...blank(u),
    ...optics(u),
    mac: u.mac,
    // The OLT answers 0 m for an ONU it has not ranged: no reading.
    distanceM: u.status === 'online' ? u.distanceM : null,
    lastDeregReason: u.lastDeregReason,
    lastDeregTime: dashTime(u.lastDeregTime),
    lastRegTime: dashTime(u.lastRegTime),
    vendor: u.vendor,
    model: u.model,
    oltRxDbm: u.oltRxDbm,
  }),
  'bdcom/gpon': (u) => ({
    ...blank(u),
    mac: u.mac,
    serial: u.serial,
    distanceM: u.distanceM,
    lastDeregReason: u.lastDeregReason,
    rxDbm: u.rxDbm,
    txDbm: u.txDbm,
    oltRxDbm: u.oltRxDbm,
  }),
  'vsol/epon': (u) => ({
    ...blank(u),
    ...optics(u),
    mac: u.mac,
    distanceM: u.distanceM,
    lastDeregReason: vsolEponReason(u.lastDeregReason),
    lastDeregTime: slashTime(u.lastDeregTime),
    lastRegTime: slashTime(u.lastRegTime),
    vendor: u.vendor,
    model: u.model,
  }),
  'vsol/gpon': (u) => ({
    ...blank(u),
    serial: u.serial,
    lastDeregReason: u.lastDeregReason,
    lastDeregTime: dashTime(u.lastDeregTime),
    lastRegTime: dashTime(u.lastRegTime),
    model: u.status === 'online' ? u.model : null,
    rxDbm: u.rxDbm,
    txDbm: u.txDbm,
    oltRxDbm: u.oltRxDbm,
  }),
  'cdata/epon': (u) => ({
    ...blank(u),
    ...optics(u),
    mac: u.mac,
    serial: u.serial,
    distanceM: u.distanceM,
    vendor: u.vendor,
    model: u.model,
    oltRxDbm: u.oltRxDbm,
  }),
  'cdata/gpon': (u) => ({
    ...blank(u),
    ...optics(u),
    serial: u.serial.slice(0, 4) + u.serial.slice(4).toUpperCase(),
    distanceM: u.distanceM,
    lastDeregReason: u.lastDeregReason,
    lastDeregTime: dashTime(u.lastDeregTime),
    vendor: u.vendor,
    model: u.model,
  }),
  'avies/epon': (u) => ({
    ...blank(u),
    ...optics(u),
    mac: u.mac,
    // The box's default ONU name (`ONU01/05`) when no description is set is no description.
    description: u.description,
    distanceM: u.distanceM,
    lastDeregReason: u.lastDeregReason,
    lastDeregTime: slashTime(u.lastDeregTime),
    lastRegTime: slashTime(u.lastRegTime),
    vendor: u.vendor,
    model: u.model,
  }),
  // The web list has no optics; the driver fills them from the SNMP table in the same poll.
  'avies/gpon': (u) => ({
    ...blank(u),
    ...optics(u),
    serial: u.serial,
    lastDeregReason: u.lastDeregReason,
    lastDeregTime: slashTime(u.lastDeregTime),
    lastRegTime: slashTime(u.lastRegTime),
  }),
};

const KINDS = Object.keys(EXPECT) as Kind[];
const nameOf = (k: Kind): string => k.replace('/', '-');

function strip(r: OnuRecord): Expected {
  const { ifName: _i, statusRaw: _s, lastDeregReasonRaw: _r, ...rest } = r;
  return rest;
}

function driverFor(d: SimDeviceInfo, transports: { telnet?: boolean; http?: boolean } = {}): OltDriver {
  if (!d.mode) throw new Error(`${d.name} is not an OLT`);
  return createOltDriver(d.brand as 'bdcom', d.mode, {
    host: d.host,
    snmp: { port: d.snmpPort, community: d.community, timeoutMs: 3000, retries: 0 },
    ...(transports.telnet && d.telnetPort !== null
      ? { telnet: { port: d.telnetPort, username: d.username, password: d.password, commandTimeoutMs: 8000 } }
      : {}),
    ...(transports.http && d.httpPort !== null
      ? { http: { port: d.httpPort, username: d.username, password: d.password } }
      : {}),
  });
}

let fleet: RunningFleet;

beforeAll(async () => {
  fleet = await startFleet(
    {
      seed: 42,
      devices: [
        ...KINDS.map((k) => {
          const [brand, mode] = k.split('/') as ['bdcom', 'epon'];
          return {
            name: nameOf(k),
            brand,
            mode,
            ponPorts: 4,
            onusPerPort: 16,
            username: 'root',
            password: 'secret1',
          };
        }),
        { name: 'snr', brand: 'snr' as const, ports: 28, sfpPorts: 6 },
        { name: 'cisco', brand: 'cisco' as const, ports: 52, sfpPorts: 4 },
      ],
    },
    { timeScale: 0 },
  );
  // Variety for the comparisons: a whole PON down (LOS) on every OLT.
  for (const k of KINDS) {
    const st = fleet.device(nameOf(k)).state;
    if (st instanceof OltState) st.setPonDown(4, true);
  }
});

afterAll(async () => {
  await closeHsgqSessions();
  await fleet?.stop();
});

const info = (k: Kind): SimDeviceInfo => {
  const d = fleet.devices.find((x) => x.name === nameOf(k));
  if (!d) throw new Error(`no device ${k}`);
  return d;
};
const oltState = (k: Kind): OltState => {
  const st = fleet.device(nameOf(k)).state;
  if (!(st instanceof OltState)) throw new Error('not an OLT');
  return st;
};

describe.each(KINDS)('contract %s', (kind) => {
  const primaryHttp = kind.startsWith('avies');

  it(`lists every ONU exactly as the simulator holds it (${primaryHttp ? 'web API' : 'SNMP'})`, async () => {
    const drv = driverFor(info(kind), { http: primaryHttp });
    try {
      const got = (await drv.listOnus()).map(strip);
      const want = oltState(kind).onus().map(EXPECT[kind]);
      expect(want.some((u) => u.status === 'offline')).toBe(true);
      expect(want.some((u) => u.status === 'online')).toBe(true);
      expect(got).toEqual(want);
    } finally {
      await drv.close();
    }
  });

  it('reports PON ports with their online/offline counts', async () => {
    const drv = driverFor(info(kind), { http: primaryHttp });
    try {
      const ports = await drv.listPonPorts();
      const pons = oltState(kind).pons();
      expect(ports.map((p) => p.ponPort)).toEqual(pons.map((p) => p.ponPort));
      expect(ports.map((p) => p.onuOnline)).toEqual(pons.map((p) => p.online));
      expect(ports.find((p) => p.ponPort === 4)?.onuOnline).toBe(0);
    } finally {
      await drv.close();
    }
  });

  it('logs in over telnet and reads one ONU’s optics as held', async () => {
    const drv = driverFor(info(kind), { telnet: true, http: primaryHttp });
    try {
      const login = await drv.checkTelnetLogin();
      expect(login).toMatchObject({ ok: true, privileged: true });
      const u = oltState(kind)
        .onus()
        .find((o) => o.status === 'online');
      if (!u) throw new Error('no online ONU');
      const o = await drv.readOnuOptics({ ponPort: u.ponPort, onuId: u.onuId });
      expect(o).toEqual({ ...optics(u), oltRxDbm: o.oltRxDbm });
    } finally {
      await drv.close();
    }
  });

  // Over telnet (web API for AVIES); V-SOL EPON's CLI forms are inferred and run here because accepted.
  it('reboots an ONU through the device (it drops with an admin reason) and deletes another', async () => {
    const st = oltState(kind);
    const drv = driverFor(info(kind), { telnet: true, http: primaryHttp });
    try {
      const online = st.onus().filter((o) => o.status === 'online' && o.ponPort === 3);
      const [a, b] = online;
      if (!a || !b) throw new Error('need two online ONUs on PON 3');
      await drv.rebootOnu({ ponPort: a.ponPort, onuId: a.onuId }, { acceptInferred: true });
      expect(st.onu(a.ponPort, a.onuId)).toMatchObject({ status: 'offline', lastDeregReason: 'reboot' });
      await drv.deleteOnu({ ponPort: b.ponPort, onuId: b.onuId }, { acceptInferred: true });
      expect(st.onu(b.ponPort, b.onuId)).toBeNull();
      const after = await drv.listOnus({ ponPort: 3 });
      expect(after.find((o) => o.onuId === b.onuId)).toBeUndefined();
      expect(after.find((o) => o.onuId === a.onuId)?.status).toBe('offline');
    } finally {
      await drv.close();
    }
  });
});

describe('contract details per transport', () => {
  it('BDCOM EPON: the telnet inactive list carries the held reasons and times', async () => {
    const drv = driverFor(info('bdcom/epon'), { telnet: true });
    try {
      const rows = await drv.listInactiveOnus();
      const want = oltState('bdcom/epon')
        .onus()
        .filter((o) => o.status === 'offline');
      expect(rows.map((r) => [r.ponPort, r.onuId, r.mac, r.lastDeregReason, r.lastDeregTime])).toEqual(
        want.map((u) => [u.ponPort, u.onuId, u.mac, u.lastDeregReason, dashTime(u.lastDeregTime)]),
      );
    } finally {
      await drv.close();
    }
  });

  it('BDCOM: a client MAC behind an ONU is found over telnet, and CPU matches', async () => {
    const st = oltState('bdcom/gpon');
    const u = st.onus().find((o) => o.clientMacs.length > 0);
    if (!u) throw new Error('no client MAC');
    const drv = driverFor(info('bdcom/gpon'), { telnet: true });
    try {
      const found = await drv.findMac(u.clientMacs[0]!.mac);
      expect(found).toContainEqual(
        expect.objectContaining({ kind: 'learned', ponPort: u.ponPort, onuId: u.onuId }),
      );
      expect((await drv.systemHealth()).cpuPercent).toBe(st.system().cpuPercent);
    } finally {
      await drv.close();
    }
  });

  it('C-Data and V-SOL EPON: CPU and memory over SNMP are the simulated load (verified only here for C-Data GPON)', async () => {
    for (const key of ['cdata/epon', 'cdata/gpon', 'vsol/epon'] as const) {
      const st = oltState(key);
      const drv = driverFor(info(key));
      try {
        const h = await drv.systemHealth();
        expect(h.cpuPercent).toBe(st.system().cpuPercent);
        // C-Data answers total and free MB: the percent comes back within the 1 MB rounding.
        expect(Math.abs((h.memoryPercent ?? -100) - st.system().memoryPercent)).toBeLessThanOrEqual(0.5);
      } finally {
        await drv.close();
      }
    }
  });

  it('BDCOM GPON: onu basic-info history is the held session history', async () => {
    const st = oltState('bdcom/gpon');
    const u = st.onus().find((o) => o.history.length >= 2);
    if (!u) throw new Error('no ONU with history');
    const drv = driverFor(info('bdcom/gpon'), { telnet: true });
    try {
      const events = await drv.onuHistory({ ponPort: u.ponPort, onuId: u.onuId });
      expect(events.filter((e) => e.event === 'down').map((e) => [e.time, e.reason])).toEqual(
        u.history.filter((h) => h.down !== null).map((h) => [dashTime(h.down ?? 0), h.reason]),
      );
    } finally {
      await drv.close();
    }
  });

  it('C-Data: the per-ONU CLI page gives the held down cause and times', async () => {
    for (const k of ['cdata/epon', 'cdata/gpon'] as const) {
      const want = oltState(k)
        .onus()
        .filter((o) => o.status === 'offline');
      const drv = driverFor(info(k), { telnet: true });
      try {
        const rows = await drv.listInactiveOnus();
        expect(rows.map((r) => [r.ponPort, r.onuId, r.lastDeregReason, r.lastDeregTime])).toEqual(
          want.map((u) => [u.ponPort, u.onuId, u.lastDeregReason, dashTime(u.lastDeregTime)]),
        );
      } finally {
        await drv.close();
      }
    }
  });

  it('AVIES: web history, MAC table and health are the held ones; telnet alarm log agrees', async () => {
    const st = oltState('avies/epon');
    const u = st
      .onus()
      .find((o) => o.status === 'online' && o.clientMacs.length > 0 && o.history.length >= 2);
    if (!u) throw new Error('no suitable ONU');
    const web = driverFor(info('avies/epon'), { http: true });
    const cli = driverFor(info('avies/epon'), { telnet: true });
    try {
      const h = await web.onuHistory({ ponPort: u.ponPort, onuId: u.onuId });
      const downs = u.history.filter((x) => x.down !== null).map((x) => slashTime(x.down ?? 0));
      expect(
        h
          .filter((e) => e.event === 'down')
          .map((e) => e.time)
          .reverse(),
      ).toEqual(downs);
      expect((await cli.onuHistory({ ponPort: u.ponPort, onuId: u.onuId })).map((e) => e.raw)).toEqual(
        h.map((e) => e.raw),
      );
      const found = await web.findMac(u.clientMacs[0]!.mac);
      expect(found).toContainEqual(
        expect.objectContaining({ kind: 'learned', ponPort: u.ponPort, onuId: u.onuId }),
      );
      const health = await web.systemHealth();
      expect(health.cpuPercent).toBe(st.system().cpuPercent);
      expect(health.memoryPercent).toBe(st.system().memoryPercent);
      expect(health.uptimeSeconds).toBe(st.system().uptimeSeconds);
    } finally {
      await web.close();
      await cli.close();
    }
  });

  it('AVIES GPON without web credentials: telnet alarm log is the held one; no reboot is sent (CLI reboot has no effect there)', async () => {
    const st = oltState('avies/gpon');
    const u = st.onus().find((o) => o.status === 'online' && o.history.length >= 2 && o.ponPort === 1);
    if (!u) throw new Error('no suitable ONU');
    const drv = driverFor(info('avies/gpon'), { telnet: true });
    try {
      const h = await drv.onuHistory({ ponPort: u.ponPort, onuId: u.onuId });
      const downs = u.history.filter((x) => x.down !== null).map((x) => slashTime(x.down ?? 0));
      expect(
        h
          .filter((e) => e.event === 'down')
          .map((e) => e.time)
          .reverse(),
      ).toEqual(downs);
      // CLI-ACTIONS §6: HSGQ GPON echoes the CLI reboot without effect, so only the web API reboots.
      await expect(
        drv.rebootOnu({ ponPort: u.ponPort, onuId: u.onuId }, { acceptInferred: true }),
      ).rejects.toMatchObject({ code: 'DRIVER_UNSUPPORTED', message: expect.stringContaining('web login') });
      expect(st.rebootCommands(u.ponPort, u.onuId)).toBe(0);
      expect(st.onu(u.ponPort, u.onuId)?.status).toBe('online');
    } finally {
      await drv.close();
    }
  });

  it('AVIES GPON over SNMP (no web credentials) reads the same ONUs as the web API', async () => {
    const st = oltState('avies/gpon');
    const drv = driverFor(info('avies/gpon'));
    try {
      const got = await drv.listOnus();
      expect(got.map((r) => [r.ponPort, r.onuId, r.status, r.serial, r.rxDbm, r.lastDeregReason])).toEqual(
        st.onus().map((u) => [u.ponPort, u.onuId, u.status, u.serial, u.rxDbm, u.lastDeregReason]),
      );
    } finally {
      await drv.close();
    }
  });

  it.each(['snr', 'cisco'] as const)('switch %s: SFP ports and readings as held', async (name) => {
    const d = fleet.devices.find((x) => x.name === name)!;
    const st = fleet.device(name).state;
    if (!(st instanceof SwitchState)) throw new Error('not a switch');
    const drv = createSwitchDriver(name, {
      host: d.host,
      snmp: { port: d.snmpPort, community: d.community },
    });
    try {
      const got = await drv.listPorts();
      const want = st.ports().filter((p) => p.sfp);
      expect(got.map((p) => [p.link, p.rxDbm, p.txDbm, p.temperatureC, p.voltageV, p.biasMa])).toEqual(
        want.map((p) => [p.link, p.rxDbm, p.txDbm, p.temperatureC, p.voltageV, p.biasMa]),
      );
    } finally {
      await drv.close();
    }
  });
});

/**
 * Which brand/modes read the OLT's MAC table for client MACs (`findLearnedMac`, with credentials): BDCOM
 * `show mac address-table <mac>`, V-SOL GPON `show mac address-table interface gpon 0/<p>`, AVIES the web
 * `/pon_mac_table`. V-SOL EPON and C-Data have per-ONU MAC tables only, so they answer null.
 */
const LEARNED_MACS: Record<Kind, boolean> = {
  'bdcom/epon': true,
  'bdcom/gpon': true,
  'vsol/epon': false,
  'vsol/gpon': true,
  'cdata/epon': false,
  'cdata/gpon': false,
  'avies/epon': true,
  'avies/gpon': true,
};

describe.each(KINDS)('contract %s: learned MACs without the ONU list', (kind) => {
  const withCredentials = { telnet: true, http: true };

  if (LEARNED_MACS[kind]) {
    it('finds held client MACs at their ONU and VLAN, [] for a MAC nobody has, null without credentials', async () => {
      const st = oltState(kind);
      const onus = st.onus();
      // One ONU with client MACs on every PON that has one, each of its MACs.
      const sample = [...new Set(onus.map((u) => u.ponPort))]
        .map((p) => onus.find((u) => u.ponPort === p && u.clientMacs.length > 0))
        .filter((u): u is SimOnu => u !== undefined);
      expect(sample.length).toBeGreaterThanOrEqual(2);
      const held = new Set(onus.flatMap((u) => [u.mac, ...u.clientMacs.map((c) => c.mac)]));
      const nobody = '02:00:5e:00:53:01';
      expect(held.has(nobody)).toBe(false);

      const drv = driverFor(info(kind), withCredentials);
      try {
        for (const u of sample) {
          for (const cm of u.clientMacs) {
            expect(await drv.findLearnedMac(cm.mac)).toEqual([
              {
                mac: cm.mac,
                kind: 'learned',
                ponPort: u.ponPort,
                onuId: u.onuId,
                ifName: expect.any(String),
                vlan: cm.vlan,
              },
            ]);
          }
        }
        expect(await drv.findLearnedMac(nobody)).toEqual([]);
        // findMac is the ONU's own MACs followed by these: a client MAC has no own entry.
        const cm = sample[0]!.clientMacs[0]!;
        expect(await drv.findMac(cm.mac)).toEqual(await drv.findLearnedMac(cm.mac));
      } finally {
        await drv.close();
      }

      const bare = driverFor(info(kind));
      try {
        expect(await bare.findLearnedMac(sample[0]!.clientMacs[0]!.mac)).toBeNull();
      } finally {
        await bare.close();
      }
      if (kind.startsWith('avies')) {
        // AVIES reads the table over the web API only: telnet alone is not enough.
        const cliOnly = driverFor(info(kind), { telnet: true });
        try {
          expect(await cliOnly.findLearnedMac(sample[0]!.clientMacs[0]!.mac)).toBeNull();
        } finally {
          await cliOnly.close();
        }
      }
    });
  } else {
    it('answers null even with telnet/web credentials (no whole MAC table with evidence)', async () => {
      const u = oltState(kind)
        .onus()
        .find((o) => o.clientMacs.length > 0);
      if (!u) throw new Error('no client MAC');
      const drv = driverFor(info(kind), withCredentials);
      try {
        expect(await drv.findLearnedMac(u.clientMacs[0]!.mac)).toBeNull();
      } finally {
        await drv.close();
      }
    });
  }
});

describe('contract: autodetection', () => {
  it.each([...KINDS, 'snr', 'cisco'])('%s is recognised from its own SNMP answers', async (kind) => {
    const d = fleet.devices.find((x) => x.name === nameOf(kind as Kind))!;
    const c = new SnmpClient({ host: d.host, port: d.snmpPort, community: d.community, version: 'v2c' });
    try {
      const found = await autodetect(c);
      if (d.mode === null) expect(found).toMatchObject({ kind: 'switch', switchKind: d.brand });
      else expect(found).toMatchObject({ kind: 'olt', brand: d.brand, mode: d.mode });
    } finally {
      c.close();
    }
  });
});

describe('contract: reason vocabulary is the drivers’ own', () => {
  it('every simulated reason maps to a code the brand tables know', () => {
    for (const r of ['power-off', 'los', 'wire-down', 'reboot', 'admin'] as const) {
      expect(codec.reasonToCode(r, profiles.bdcomEpon.deregReasonCodes)).toBeGreaterThan(0);
      expect(codec.reasonToCode(r, profiles.bdcomGpon.deregReasonCodes)).toBeGreaterThan(0);
    }
  });
});
