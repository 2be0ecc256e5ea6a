/**
 * The C-Data GPON driver on the one public C-Data ONU-level recording: an XGS-PON OLT (fw V3.2.26) with a single
 * ONU, served by snmpsim (snmp/found/cdata_xgspon_librenms.excerpt.snmprec). Expected values are hand-typed from
 * that file. Its NSCRTV ONU columns (17409.2.8.4.1.1 and optics 17409.2.8.4.4.1) are the driver's; its ONU index
 * layout and PON names are not (see the last test).
 */
import type { SnmpSimulator } from '@pondesk/device-snmp/testing';
import { CdataDriver } from './cdata.driver';
import { serveRecordings, snmpConn } from '../testing/snmpsim.fixture';

const XGSPON = 'found/cdata_xgspon_librenms.excerpt';

let sim: SnmpSimulator;
beforeAll(async () => {
  sim = await serveRecordings();
}, 60_000);
afterAll(() => sim?.stop());

async function withDriver<T>(fn: (d: CdataDriver) => Promise<T>): Promise<T> {
  const d = new CdataDriver(snmpConn(sim, XGSPON), 'gpon');
  try {
    return await fn(d);
  } finally {
    await d.close();
  }
}

describe('C-Data GPON driver on the XGS-PON recording (LibreNMS, one ONU)', () => {
  it('identifies the box by its bare sysObjectID .17409', async () => {
    expect(await withDriver((d) => d.identify())).toMatchObject({
      brand: 'cdata',
      mode: 'gpon',
      sysObjectId: '1.3.6.1.4.1.17409',
      sysName: 'XGSPON',
      uptimeSeconds: 39063,
    });
  });

  it('reads the single ONU: name, serial, state, distance, last down, optics', async () => {
    const onus = await withDriver((d) => d.listOnus());
    expect(onus).toHaveLength(1);
    expect(onus[0]).toMatchObject({
      onuId: 1,
      // .2 name, .3 serial 58504f4e502cebd2 = "XPON" + 502CEBD2, .5 vendor, .7 = 1 (up), .9 distance.
      description: 'gpon 0/0/1 onu 1',
      serial: 'XPON502CEBD2',
      vendor: 'XPON',
      status: 'online',
      statusRaw: 'up',
      distanceM: 14323,
      // .102 / .103: the vendor's last state change and last down cause.
      lastDeregTime: '2026-09-03 16:06:20',
      lastDeregReasonRaw: 'LOS',
      lastDeregReason: 'los',
      // 17409.2.8.4.4.1.4–8 = -1035, 603, 4623, 316, 6099 (hundredths).
      rxDbm: -10.35,
      txDbm: 6.03,
      biasMa: 46.23,
      voltageV: 3.16,
      temperatureC: 60.99,
    });
  });

  // This firmware numbers ONUs 0x480000 + (port-1)*0x1000 + onu (4718593 = PON 1 ONU 1) and names the PON
  // `gpon 0/0/1` (ifIndex 1310721), unlike the NSCRTV `device|card|port|onu` layout and `pon0/0/N` names.
  it('places the ONU on PON 1 and lists PON 1 (the flat V3 index, `gpon 0/0/1` ifDescr)', async () => {
    const [onus, ports] = await withDriver(
      async (d) => [await d.listOnus(), await d.listPonPorts()] as const,
    );
    expect(onus[0]).toMatchObject({ ponPort: 1, onuId: 1 });
    expect(ports).toEqual([expect.objectContaining({ ponPort: 1, ifIndex: 1310721, onuTotal: 1 })]);
  });
});
