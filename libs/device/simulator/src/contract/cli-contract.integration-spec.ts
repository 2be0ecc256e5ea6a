/**
 * CLI contract: every listing the simulator prints, parsed with the drivers' own profile parsers over a real telnet
 * session, gives back exactly the state it holds (including the commands no driver method uses yet).
 */
import { TelnetSession, type TelnetProfile } from '@pondesk/device-telnet';
import { profiles } from '@pondesk/device-drivers';
import { startFleet, type RunningFleet } from '../index';
import { OltState, type SimOnu } from '../model/olt-state';
import { dashTime, slashTime } from '../brands/device-text';

const { bdcomEpon, bdcomGpon, vsolEpon, vsolGpon, cdata, hsgq, codec } = profiles;

let fleet: RunningFleet;

beforeAll(async () => {
  fleet = await startFleet(
    {
      seed: 77,
      devices: (
        [
          ['bdcom', 'epon'],
          ['bdcom', 'gpon'],
          ['vsol', 'epon'],
          ['vsol', 'gpon'],
          ['cdata', 'epon'],
          ['cdata', 'gpon'],
          ['avies', 'epon'],
          ['avies', 'gpon'],
        ] as const
      )
        .map(([brand, mode]) => ({ name: `${brand}-${mode}`, brand, mode, ponPorts: 2, onusPerPort: 24 }))
        // Eleven PONs: names like `EPON0/10:10` fill the 11-wide IntfName column and run into VendorID, as on real boxes.
        .concat([{ name: 'bdcom-wide', brand: 'bdcom', mode: 'epon', ponPorts: 11, onusPerPort: 12 }]),
    },
    { timeScale: 0 },
  );
  for (const d of fleet.devices) (fleet.device(d.name).state as OltState).setPonDown(2, true);
});

afterAll(async () => {
  await fleet?.stop();
});

async function withCli<T>(
  name: string,
  profile: TelnetProfile,
  fn: (s: TelnetSession) => Promise<T>,
): Promise<T> {
  const d = fleet.devices.find((x) => x.name === name)!;
  const s = new TelnetSession({
    host: d.host,
    port: d.telnetPort!,
    username: d.username,
    password: d.password,
    profile,
  });
  await s.open();
  try {
    return await fn(s);
  } finally {
    await s.close();
  }
}

const held = (name: string): SimOnu[] => (fleet.device(name).state as OltState).onus();

it('BDCOM EPON: active-onu rows are the online ONUs with their MAC, distance, times and reason', async () => {
  const out = await withCli('bdcom-epon', bdcomEpon.telnet, (s) => s.exec('show epon active-onu'));
  const want = held('bdcom-epon').filter((u) => u.status === 'online');
  expect(
    bdcomEpon
      .parseActiveOnus(out)
      .map((r) => [
        r.ponPort,
        r.onuId,
        r.mac,
        r.distanceM,
        r.lastRegTime,
        r.lastDeregTime,
        r.lastDeregReason,
      ]),
  ).toEqual(
    want.map((u) => [
      u.ponPort,
      u.onuId,
      u.mac,
      u.distanceM,
      dashTime(u.lastRegTime),
      dashTime(u.lastDeregTime),
      u.lastDeregReason,
    ]),
  );
});

it('BDCOM EPON: onu-information rows, overlapping columns included, parse back to the held ONUs', async () => {
  const out = await withCli('bdcom-wide', bdcomEpon.telnet, (s) => s.exec('show epon onu-information'));
  expect(out).toMatch(/^EPON0\/10:10[A-Z]/m);
  const want = held('bdcom-wide');
  expect(
    bdcomEpon
      .parseOnuInformation(out)
      .map((r) => [r.ponPort, r.onuId, r.mac, r.vendor, r.model, r.description, r.deregReason]),
  ).toEqual(
    want.map((u) => [u.ponPort, u.onuId, u.mac, u.vendor, u.model, u.description, u.lastDeregReason]),
  );
});

it('BDCOM GPON: active and inactive rows carry the held serials, registration times and reasons', async () => {
  const [act, ina] = await withCli('bdcom-gpon', bdcomGpon.telnet, async (s) => [
    await s.exec('show gpon active-onu'),
    await s.exec('show gpon inactive-onu'),
  ]);
  const all = held('bdcom-gpon');
  const sn = (u: SimOnu): string => `${u.serial.slice(0, 4)}:${u.serial.slice(4).toUpperCase()}`;
  expect(bdcomGpon.parseActiveOnus(act).map((r) => [r.onuId, r.serial, r.lastRegTime, r.distanceM])).toEqual(
    all
      .filter((u) => u.status === 'online')
      .map((u) => [u.onuId, sn(u), dashTime(u.lastRegTime), u.distanceM]),
  );
  expect(
    bdcomGpon
      .parseInactiveOnus(ina)
      .map((r) => [r.ponPort, r.onuId, r.serial, r.lastDeregTime, r.lastDeregReason]),
  ).toEqual(
    all
      .filter((u) => u.status === 'offline')
      .map((u) => [u.ponPort, u.onuId, sn(u), dashTime(u.lastDeregTime), u.lastDeregReason]),
  );
});

it('V-SOL EPON: `show onu status all` and opm-diag give every held field', async () => {
  const [status, opm] = await withCli('vsol-epon', vsolEpon.telnet, async (s) => {
    await s.exec('configure terminal');
    const st = await s.exec('show onu status all');
    await s.exec('interface epon 0/1');
    return [st, await s.exec('show onu opm-diag')];
  });
  const all = held('vsol-epon');
  expect(
    vsolEpon
      .parseStatusRows(status)
      .map((r) => [r.ponPort, r.onuId, r.status, r.mac, r.lastRegTime, r.lastDeregTime, r.description]),
  ).toEqual(
    all.map((u) => [
      u.ponPort,
      u.onuId,
      u.status,
      u.mac,
      slashTime(u.lastRegTime),
      slashTime(u.lastDeregTime),
      u.description,
    ]),
  );
  expect(
    vsolEpon.parseOpmDiag(opm).map((r) => [r.onuId, r.rxDbm, r.txDbm, r.temperatureC, r.voltageV, r.biasMa]),
  ).toEqual(
    all
      .filter((u) => u.ponPort === 1 && u.status === 'online')
      .map((u) => [u.onuId, u.rxDbm, u.txDbm, u.temperatureC, u.voltageV, u.biasMa]),
  );
});

it('V-SOL GPON: onu state, rx-power and MAC table give the held phases, serials, rx and client MACs', async () => {
  const [state, rx, macs] = await withCli('vsol-gpon', vsolGpon.telnet, async (s) => {
    await s.exec('configure terminal');
    const m = await s.exec('show mac address-table interface gpon 0/1');
    await s.exec('interface gpon 0/1');
    return [await s.exec('show onu state'), await s.exec('show pon onu all rx-power'), m];
  });
  const pon1 = held('vsol-gpon').filter((u) => u.ponPort === 1);
  expect(vsolGpon.parseOnuState(state).map((r) => [r.onuId, r.status, r.serial])).toEqual(
    pon1.map((u) => [u.onuId, u.status, u.serial]),
  );
  expect(vsolGpon.parseOnuStateSummary(state)).toEqual({
    ponPort: 1,
    total: pon1.length,
    working: pon1.filter((u) => u.status === 'online').length,
  });
  expect(vsolGpon.parseRxPowerAll(rx)).toEqual(pon1.map((u) => ({ onuId: u.onuId, rxDbm: u.rxDbm })));
  expect(vsolGpon.parseMacTable(macs).map((r) => [r.onuId, r.mac, r.vlan])).toEqual(
    pon1.flatMap((u) => u.clientMacs.map((c) => [u.onuId, c.mac, c.vlan])),
  );
});

it.each(['epon', 'gpon'] as const)(
  'C-Data %s: ont table, per-ONU page and MAC table give the held state',
  async (mode) => {
    const name = `cdata-${mode}`;
    const all = held(name);
    const u = all.find((o) => o.status === 'online' && o.clientMacs.length > 0)!;
    const [table, detail, macs] = await withCli(name, cdata.cdataTelnet, async (s) => {
      await s.exec('config');
      const t = await s.exec('show ont info 0/0 1 all');
      const m = await s.exec(`show mac-address ont 0/0/${u.ponPort} ${u.onuId}`);
      await s.exec(`interface ${mode} 0/0`);
      return [t, await s.exec(`show ont info ${u.ponPort} ${u.onuId}`), m];
    });
    expect(cdata.parseOntInfoTable(table).map((r) => [r.onuId, r.mac, r.runState, r.description])).toEqual(
      all.filter((o) => o.ponPort === 1).map((o) => [o.onuId, o.mac, o.status, o.description]),
    );
    expect(cdata.parseOntDetail(detail)).toMatchObject({
      ponPort: u.ponPort,
      onuId: u.onuId,
      distanceM: u.distanceM,
      mac: u.mac,
      lastUpTime: dashTime(u.lastRegTime),
      lastDownTime: dashTime(u.lastDeregTime),
      description: u.description,
    });
    expect(cdata.parseOntMacTable(macs)).toEqual(
      u.clientMacs.map((c) => ({ mac: c.mac, vlan: c.vlan, ponPort: u.ponPort, onuId: u.onuId })),
    );
  },
);

it.each(['epon', 'gpon'] as const)(
  'AVIES %s (HSGQ CLI): onu-info all, its totals and optical-info give the held state',
  async (mode) => {
    const name = `avies-${mode}`;
    const [info, optical] = await withCli(name, hsgq.telnet, async (s) => {
      await s.exec('configure');
      const i = await s.exec('show onu-info all');
      await s.exec(`interface ${mode} 1`);
      return [i, await s.exec('show optical-info')];
    });
    const all = held(name);
    expect(hsgq.parseOnuInfoAll(info).map((r) => [r.ponPort, r.onuId, r.mac, r.status, r.regTime])).toEqual(
      all.map((u) => [u.ponPort, u.onuId, u.mac, u.status, slashTime(u.lastRegTime)]),
    );
    expect(hsgq.parseOnuInfoTotals(info)).toEqual({
      total: all.length,
      online: all.filter((u) => u.status === 'online').length,
      offline: all.filter((u) => u.status === 'offline').length,
    });
    expect(
      hsgq
        .parseOpticalInfo(optical)
        .map((r) => [
          r.onuId,
          codec.normalizeMac(r.mac),
          r.rxDbm,
          r.txDbm,
          r.temperatureC,
          r.voltageV,
          r.biasMa,
        ]),
    ).toEqual(
      all
        .filter((u) => u.ponPort === 1 && u.status === 'online')
        .map((u) => [u.onuId, u.mac, u.rxDbm, u.txDbm, u.temperatureC, u.voltageV, u.biasMa]),
    );
  },
);
