/**
 * Every corrected write path, run by the drivers against the simulator, which speaks the syntax CLI-ACTIONS.md
 * documents (SNMP action objects and values, CLI commands, y/n questions, saves). The ONU must go offline (reboot)
 * or leave the OLT's table (delete, clear) in the simulator's state. This proves that the driver sends the
 * documented syntax and that the simulator acts on it, not that a real OLT accepts it: the simulator is built from
 * the drivers' own profiles. The clock is frozen, so a rebooted ONU stays offline while it is checked.
 */
import { SnmpClient } from '@pondesk/device-snmp';
import { freeUdpPort } from '@pondesk/device-snmp/testing';
import { createOltDriver, profiles, VsolEponDriver, type OltDriver } from '@pondesk/device-drivers';
import { startFleet, type RunningFleet } from '../index';
import type { SimDeviceInfo } from '../fleet/sim-device';
import { OltState } from '../model/olt-state';
import { SnmpEndpoint } from '../snmp/snmp-agent';
import { SetStatus, VirtualMib, int } from '../snmp/virtual-mib';

type Kind =
  'bdcom/epon' | 'bdcom/gpon' | 'vsol/epon' | 'vsol/gpon' | 'cdata/epon' | 'cdata/gpon' | 'avies/epon';
const KINDS: Kind[] = [
  'bdcom/epon',
  'bdcom/gpon',
  'vsol/epon',
  'vsol/gpon',
  'cdata/epon',
  'cdata/gpon',
  'avies/epon',
];
const nameOf = (k: Kind): string => k.replace('/', '-');

let fleet: RunningFleet;

beforeAll(async () => {
  fleet = await startFleet(
    {
      seed: 7,
      devices: KINDS.map((k) => {
        const [brand, mode] = k.split('/') as ['bdcom', 'epon'];
        return {
          name: nameOf(k),
          brand,
          mode,
          ponPorts: 4,
          onusPerPort: 12,
          username: 'root',
          password: 'pw1',
        };
      }),
    },
    { timeScale: 0 },
  );
});

afterAll(async () => {
  await fleet?.stop();
});

const info = (k: Kind): SimDeviceInfo => {
  const d = fleet.devices.find((x) => x.name === nameOf(k));
  if (!d) throw new Error(`no device ${k}`);
  return d;
};

const stateOf = (k: Kind): OltState => {
  const st = fleet.device(nameOf(k)).state;
  if (!(st instanceof OltState)) throw new Error('not an OLT');
  return st;
};

/** A driver with the chosen credentials; the simulator's one community serves reads and writes. */
function driver(k: Kind, means: { snmpWrite?: boolean; telnet?: boolean }): OltDriver {
  const d = info(k);
  return createOltDriver(d.brand as 'bdcom', d.mode ?? 'epon', {
    host: d.host,
    snmp: {
      port: d.snmpPort,
      community: d.community,
      ...(means.snmpWrite ? { writeCommunity: d.community } : {}),
      timeoutMs: 3000,
      retries: 0,
    },
    ...(means.telnet && d.telnetPort !== null
      ? { telnet: { port: d.telnetPort, username: d.username, password: d.password, commandTimeoutMs: 8000 } }
      : {}),
  });
}

/** A different online ONU on `ponPort` for every call, so the tests do not share one. */
function onlineOnu(k: Kind, ponPort: number): { ponPort: number; onuId: number } {
  const st = stateOf(k);
  const u = st
    .onus()
    .find((o) => o.ponPort === ponPort && o.status === 'online' && !taken.has(`${k}:${o.onuId}`));
  if (!u) throw new Error(`no free online ONU on ${k} PON ${ponPort}`);
  taken.add(`${k}:${u.onuId}`);
  return { ponPort: u.ponPort, onuId: u.onuId };
}
const taken = new Set<string>();

async function expectReboot(k: Kind, means: { snmpWrite?: boolean; telnet?: boolean }, via: string) {
  const drv = driver(k, means);
  try {
    expect(drv.writePaths().reboot?.via).toBe(via);
    const u = onlineOnu(k, 1);
    await drv.rebootOnu(u, { acceptInferred: true });
    expect(stateOf(k).onu(u.ponPort, u.onuId)).toMatchObject({
      status: 'offline',
      lastDeregReason: 'reboot',
    });
  } finally {
    await drv.close();
  }
}

async function expectDelete(k: Kind, means: { snmpWrite?: boolean; telnet?: boolean }, via: string) {
  const drv = driver(k, means);
  try {
    expect(drv.writePaths().delete?.via).toBe(via);
    const u = onlineOnu(k, 2);
    await drv.deleteOnu(u, { acceptInferred: true });
    expect(stateOf(k).onu(u.ponPort, u.onuId)).toBeNull();
  } finally {
    await drv.close();
  }
}

async function expectClear(k: Kind, ponPort: number) {
  const st = stateOf(k);
  const others = st.onus().filter((o) => o.ponPort !== ponPort).length;
  expect(st.onus().some((o) => o.ponPort === ponPort)).toBe(true);
  const drv = driver(k, { telnet: true });
  try {
    await drv.clearPort(ponPort);
    expect(st.onus().filter((o) => o.ponPort === ponPort)).toEqual([]);
    expect(st.onus().filter((o) => o.ponPort !== ponPort)).toHaveLength(others);
  } finally {
    await drv.close();
  }
}

describe('BDCOM EPON', () => {
  it('SNMP reboot: onuReset = 0 (reset)', () => expectReboot('bdcom/epon', { snmpWrite: true }, 'snmp'));
  it('CLI reboot: `epon reboot onu interface EPON0/<p>:<o>` answered y', () =>
    expectReboot('bdcom/epon', { telnet: true }, 'cli'));
  it('delete: unbind in `interface EPON0/<p>`, `write all`', () =>
    expectDelete('bdcom/epon', { telnet: true, snmpWrite: true }, 'cli'));
  it('clearPort: the unbind for every ONU the port lists', () => expectClear('bdcom/epon', 3));

  it('onuReset = 1 is no-reset: accepted, the ONU stays online', async () => {
    const d = info('bdcom/epon');
    const u = onlineOnu('bdcom/epon', 1);
    const rows = await walkIfDescr(d);
    const ifIndex = rows.get(profiles.bdcomEpon.ifName.onu(u.ponPort, u.onuId));
    const c = new SnmpClient({ host: d.host, port: d.snmpPort, community: d.community, timeoutMs: 3000 });
    try {
      await c.set([{ oid: `1.3.6.1.4.1.3320.101.10.1.1.29.${ifIndex}`, type: 'integer', value: 1 }]);
    } finally {
      c.close();
    }
    expect(stateOf('bdcom/epon').onu(u.ponPort, u.onuId)?.status).toBe('online');
  });
});

describe('BDCOM GPON', () => {
  it('SNMP reboot: gponOnuConfigReboot = 1', () => expectReboot('bdcom/gpon', { snmpWrite: true }, 'snmp'));
  it('delete: unbind in `interface GPON 0/<p>`, `write all`', () =>
    expectDelete('bdcom/gpon', { telnet: true }, 'cli'));
  it('clearPort: no command with evidence → UNSUPPORTED, nothing changes', async () => {
    const before = stateOf('bdcom/gpon').onus().length;
    const drv = driver('bdcom/gpon', { telnet: true, snmpWrite: true });
    try {
      await expect(drv.clearPort(4)).rejects.toMatchObject({ code: 'DRIVER_UNSUPPORTED' });
    } finally {
      await drv.close();
    }
    expect(stateOf('bdcom/gpon').onus()).toHaveLength(before);
  });
});

describe('V-SOL EPON', () => {
  it('SNMP reboot: resetOnu PON + ONU scalars in one SET', () =>
    expectReboot('vsol/epon', { snmpWrite: true, telnet: true }, 'snmp'));
  it('SNMP delete: noAuthOnu PON + ONU scalars in one SET', () =>
    expectDelete('vsol/epon', { snmpWrite: true }, 'snmp'));
  it('CLI reboot (inferred, accepted): `onu <o> ctc reset`', () =>
    expectReboot('vsol/epon', { telnet: true }, 'cli'));
});

describe('V-SOL GPON', () => {
  it('SNMP reboot: gOnuOpAction PON, ONU, reboot(1)', () =>
    expectReboot('vsol/gpon', { snmpWrite: true }, 'snmp'));
  it('CLI delete: `no onu <o>` in `interface gpon 0/<p>`', () =>
    expectDelete('vsol/gpon', { telnet: true, snmpWrite: true }, 'cli'));
  it('SNMP delete without telnet: gOnuOpAction del(2)', () =>
    expectDelete('vsol/gpon', { snmpWrite: true }, 'snmp'));
  it('clearPort: `no onu all`', () => expectClear('vsol/gpon', 3));
});

describe('C-Data', () => {
  it('EPON CLI reboot: `ont reboot <p> <o>` in `interface epon 0/0`', () =>
    expectReboot('cdata/epon', { telnet: true, snmpWrite: true }, 'cli'));
  it('EPON delete: `ont delete <p> <o>` answered y, `exit`, `save`', () =>
    expectDelete('cdata/epon', { telnet: true }, 'cli'));
  it('EPON clearPort: `ont delete <p> all` answered y, `save`', () => expectClear('cdata/epon', 3));
  it('GPON SNMP reboot without telnet: resetONU = 1', () =>
    expectReboot('cdata/gpon', { snmpWrite: true }, 'snmp'));
  it('GPON delete and clearPort over the CLI', async () => {
    await expectDelete('cdata/gpon', { telnet: true }, 'cli');
    await expectClear('cdata/gpon', 3);
  });
});

describe('AVIES EPON', () => {
  it('CLI reboot without a web login (inferred, accepted): `onu-reboot <o>`', () =>
    expectReboot('avies/epon', { telnet: true }, 'cli'));
});

describe('an SNMP SET refused by the agent', () => {
  it('genError on the V-SOL EPON delete scalars → DEVICE_ERROR naming the OID and the status (agent of this test)', async () => {
    const a = profiles.vsolEpon.actionOids;
    const mib = new VirtualMib()
      .addScalar('1.3.6.1.2.1.1.1.0', () => int(0))
      .addScalar(
        a.deletePon,
        () => int(0),
        () => SetStatus.genErr,
      )
      .addScalar(
        a.deleteOnu,
        () => int(0),
        () => SetStatus.genErr,
      );
    const port = await freeUdpPort();
    const agent = new SnmpEndpoint({
      host: '127.0.0.1',
      port,
      community: 'private',
      mib,
      isReachable: () => true,
      slowMs: () => 0,
    });
    await agent.start();
    const drv = new VsolEponDriver({
      host: '127.0.0.1',
      snmp: { port, community: 'private', writeCommunity: 'private', timeoutMs: 2000, retries: 0 },
    });
    try {
      await expect(drv.deleteOnu({ ponPort: 1, onuId: 2 })).rejects.toMatchObject({
        code: 'DRIVER_DEVICE_ERROR',
        message: 'the OLT refused the SNMP write of 1.3.6.1.4.1.37950.1.1.5.12.1.8.1.0: genError',
      });
    } finally {
      await drv.close();
      await agent.stop();
    }
  });
});

async function walkIfDescr(d: SimDeviceInfo): Promise<Map<string, number>> {
  const c = new SnmpClient({ host: d.host, port: d.snmpPort, community: d.community, timeoutMs: 3000 });
  try {
    const res = await c.walkColumns(['1.3.6.1.2.1.2.2.1.2']);
    const out = new Map<string, number>();
    for (const [index, v] of res.columns.get('1.3.6.1.2.1.2.2.1.2') ?? [])
      if (v.type === 'octets') out.set(v.value.toString('latin1'), Number(index));
    return out;
  } finally {
    c.close();
  }
}
