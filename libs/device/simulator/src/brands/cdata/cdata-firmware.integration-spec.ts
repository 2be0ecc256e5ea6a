/**
 * The C-Data CLI's firmware variants (fleet `firmware: v1 | v3`). Simulator only: the screens are rendered from the
 * same layout definitions the parsers read, so this proves the wiring and that the driver and parsers are
 * indifferent to the variant, not that real firmware prints exactly this (the captures are checked in
 * libs/device/drivers/src/profiles/cdata-cli.spec.ts).
 */
import { TelnetSession } from '@pondesk/device-telnet';
import { createOltDriver, parseCliOutput, profiles, type OltDriver } from '@pondesk/device-drivers';
import { startFleet, type RunningFleet } from '../../index';
import { OltState } from '../../model/olt-state';
import type { SimDeviceInfo } from '../../fleet/sim-device';
import { RawTelnet } from '../../testing/raw-telnet';

const VARIANTS = [
  { name: 'cdata-default', firmware: undefined },
  { name: 'cdata-v1', firmware: 'v1' },
  { name: 'cdata-v3', firmware: 'v3' },
] as const;

let fleet: RunningFleet;

beforeAll(async () => {
  fleet = await startFleet(
    {
      devices: VARIANTS.map((v) => ({
        name: v.name,
        brand: 'cdata' as const,
        mode: 'gpon' as const,
        ponPorts: 2,
        onusPerPort: 12,
        // One seed: the three boxes hold the same ONUs and differ only in how they print them.
        seed: 4242,
        hostname: 'OLT',
        ...(v.firmware ? { firmware: v.firmware } : {}),
      })),
    },
    { timeScale: 0 },
  );
});

afterAll(async () => {
  await fleet?.stop();
});

const info = (name: string): SimDeviceInfo => fleet.devices.find((d) => d.name === name)!;
const state = (name: string): OltState => fleet.device(name).state as OltState;

function driverFor(d: SimDeviceInfo): OltDriver {
  return createOltDriver('cdata', 'gpon', {
    host: d.host,
    snmp: { port: d.snmpPort, community: d.community, timeoutMs: 3000, retries: 0 },
    telnet: { port: d.telnetPort!, username: d.username, password: d.password, commandTimeoutMs: 8000 },
  });
}

async function cli(name: string, commands: string[]): Promise<string[]> {
  const d = info(name);
  const s = new TelnetSession({
    host: d.host,
    port: d.telnetPort!,
    username: d.username,
    password: d.password,
    profile: profiles.cdata.cdataTelnet,
  });
  await s.open();
  try {
    const out: string[] = [];
    for (const c of commands) out.push(await s.exec(c));
    return out;
  } finally {
    await s.close();
  }
}

describe('C-Data CLI firmware variants (simulator only)', () => {
  it('prompts the V1 and V3 way inside the PON interface', async () => {
    const seen: string[] = [];
    for (const name of ['cdata-v1', 'cdata-v3']) {
      const d = info(name);
      const t = await RawTelnet.open(d.host, d.telnetPort!);
      try {
        await t.until(/User name:\s*$/);
        t.send(`${d.username}\r\n`);
        await t.until(/Password:\s*$/);
        t.send(`${d.password}\r\n`);
        await t.until(/[>#] ?$/);
        for (const c of ['enable', 'config']) {
          t.send(`${c}\r\n`);
          await t.until(/# ?$/);
        }
        t.send('interface gpon 0/0\r\n');
        seen.push((await t.until(/# ?$/)).trim().split(/\r?\n/).pop()!);
      } finally {
        t.close();
      }
    }
    expect(seen).toEqual(['OLT(config-interface-gpon-0/0)#', 'OLT(config-gpon-0/0)#']);
  });

  it('prints the V1 and V3 table layouts, and the parser reads the same ONU rows from all three', async () => {
    const held = state('cdata-v1')
      .onus()
      .filter((u) => u.ponPort === 1);
    const read: Record<string, unknown[]> = {};
    const screens: Record<string, string> = {};
    for (const v of VARIANTS) {
      const [table] = await cli(v.name, ['config', 'show ont info 0/0 1 all']).then((o) => o.slice(1));
      screens[v.name] = table;
      read[v.name] = parseCliOutput('cdata', 'gpon', 'show ont info 0/0 1 all', table).map((r) => {
        const row = r as profiles.cdata.CdataOntInfoRow;
        return [row.onuId, /^online$/i.test(row.runState)];
      });
    }
    expect(screens['cdata-v1']).toMatch(/^\s+ID\s+flag\s+state\s+state\s+state\s+down-cause$/m);
    expect(screens['cdata-v3']).toMatch(/ONT_ID\s+SN\s+CONTROL\s+RUN\s+CONFIG\s+MATCH\s+LAST_DOWN\s+DESC/);
    expect(screens['cdata-default']).toMatch(/ONT MAC\s+Control/);
    const expected = held.map((u) => [u.onuId, u.status === 'online']);
    expect(read['cdata-default']).toEqual(expected);
    expect(read['cdata-v1']).toEqual(expected);
    expect(read['cdata-v3']).toEqual(expected);
  });

  it('the all-ONU optical table reads back the held optics in both column orders', async () => {
    const held = state('cdata-v1')
      .onus()
      .filter((u) => u.ponPort === 2);
    for (const name of ['cdata-v1', 'cdata-v3']) {
      const [, , table] = await cli(name, ['config', 'interface gpon 0/0', 'show ont optical-info 2 all']);
      const rows = parseCliOutput(
        'cdata',
        'gpon',
        'show ont optical-info 2 all',
        table,
      ) as profiles.cdata.CdataOpticalRow[];
      expect(rows.map((r) => [r.ponPort, r.onuId, r.rxDbm, r.txDbm, r.temperatureC])).toEqual(
        held.map((u) =>
          u.status === 'online'
            ? [2, u.onuId, u.rxDbm, u.txDbm, u.temperatureC]
            : [2, u.onuId, null, null, null],
        ),
      );
    }
  });

  it('the driver reads the same optics, history and MAC location from every variant', async () => {
    const onus = state('cdata-v1').onus();
    const online = onus.find((u) => u.status === 'online')!;
    const offline = onus.find((u) => u.status !== 'online')!;
    const results: unknown[] = [];
    for (const v of VARIANTS) {
      const drv = driverFor(info(v.name));
      try {
        results.push({
          optics: await drv.readOnuOptics(online),
          history: await drv.onuHistory(offline),
          found: await drv.findMac(online.mac),
        });
      } finally {
        await drv.close();
      }
    }
    expect(results[0]).toMatchObject({
      optics: { rxDbm: online.rxDbm, txDbm: online.txDbm, temperatureC: online.temperatureC },
      found: [{ kind: 'onu', ponPort: online.ponPort, onuId: online.onuId }],
    });
    expect((results[0] as { history: unknown[] }).history).toHaveLength(2);
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
  });
});
