/**
 * `ponctl parse` over every CLI capture in shared/device-data/cli that a driver has a parser for, through the same
 * entry point as the command line. Expected rows are hand-typed from the capture files (the same values the
 * profile parser specs check); captures with no parser are listed with the reason.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { cliSample, deviceDataPath } from '@pondesk/device-snmp/testing';
import type { Brand, PonMode } from '@pondesk/device-drivers';
import { runPonctl } from './ponctl';

type Rows = Record<string, unknown>[];

interface Case {
  file: string;
  /** Which part of the capture: a `=====` block by index or title prefix, `head` = before the first block. */
  part?: number | string;
  /** The block's first line is the command itself (workbranch poll blocks): drop it from the output. */
  commandLine?: boolean;
  brand: Brand;
  mode: PonMode;
  command: string;
  expect: (rows: Rows) => void;
}

/** The `=====` blocks of a capture (same rule as the drivers' device-data reader). */
function blocks(text: string): { title: string; body: string }[] {
  const out: { title: string; lines: string[] }[] = [];
  for (const line of text.split('\n')) {
    const m = /^=====(?:\s(.*))?$/.exec(line.trimEnd());
    if (m) out.push({ title: (m[1] ?? '').trim(), lines: [] });
    else out[out.length - 1]?.lines.push(line);
  }
  return out.map((b) => ({ title: b.title, body: b.lines.join('\n') }));
}

/** The capture's data (its `#` header lines before the verbatim marker stripped by cliSample). */
function capturePart(c: Case): string {
  const text = cliSample(c.file);
  if (c.part === undefined) return text;
  if (c.part === 'head') return text.slice(0, text.search(/^=====/m));
  const all = blocks(text);
  const b = typeof c.part === 'number' ? all[c.part] : all.find((x) => x.title.startsWith(String(c.part)));
  if (!b) throw new Error(`${c.file}: no block ${c.part}`);
  return c.commandLine ? b.body.split('\n').slice(1).join('\n') : b.body;
}

async function ponctlParse(
  brand: string,
  mode: string,
  command: string,
  text: string,
): Promise<{ code: number; out: string; err: string }> {
  const input = new PassThrough();
  input.end(text);
  const out: string[] = [];
  const err: string[] = [];
  const code = await runPonctl(['parse', '--brand', brand, '--mode', mode, '--command', command], {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    in: input,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const one = (rows: Rows, expected: Record<string, unknown>) => {
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject(expected);
};

const CASES: Case[] = [
  // C-Data
  {
    file: 'cdata/epon-ont-info-all-and-mac_oltcmdread-tests.txt',
    part: 0,
    brand: 'cdata',
    mode: 'epon',
    command: 'show ont info 0/0 1 all',
    expect: (r) =>
      expect(r.map((x) => [x['onuId'], x['mac'], x['runState'], x['configState']])).toEqual([
        [1, 'c4:70:0b:6c:80:48', 'online', 'success'],
        [6, '00:6d:61:bb:0d:e8', 'offline', 'failed'],
      ]),
  },
  {
    file: 'cdata/epon-ont-info-all-and-mac_oltcmdread-tests.txt',
    part: 1,
    brand: 'cdata',
    mode: 'epon',
    command: 'show mac-address ont 0/0/1 1',
    expect: (r) =>
      expect(r).toEqual([
        { mac: 'e4:60:4d:72:71:ff', vlan: 100, ponPort: 1, onuId: 1 },
        { mac: 'c4:70:0b:6c:80:49', vlan: 100, ponPort: 1, onuId: 1 },
      ]),
  },
  {
    file: 'cdata/epon-ont-info-and-optical_oltcmdread-adapter.txt',
    part: 0,
    brand: 'cdata',
    mode: 'epon',
    command: 'show ont info by-mac C4:70:0B:89:51:60',
    expect: (r) => one(r, { ponPort: 2, onuId: 3, mac: 'c4:70:0b:89:51:60', runState: 'online' }),
  },
  {
    file: 'cdata/epon-ont-info-and-optical_oltcmdread-adapter.txt',
    part: 1,
    brand: 'cdata',
    mode: 'epon',
    command: 'show ont info 2 3',
    expect: (r) =>
      one(r, { distanceM: 1972, lastDownTime: '2000-05-22 00:29:28', lastDownCause: 'dying-gasp' }),
  },
  {
    file: 'cdata/epon-ont-info-and-optical_oltcmdread-adapter.txt',
    part: 2,
    brand: 'cdata',
    mode: 'epon',
    command: 'show ont optical-info 2 3',
    expect: (r) => one(r, { voltageV: 3.3, txDbm: 1.97, rxDbm: -21.94, biasMa: 15.16, temperatureC: 50.73 }),
  },
  {
    file: 'cdata/epon-optical-live_oltcmdread-doc.txt',
    part: 2,
    brand: 'cdata',
    mode: 'epon',
    command: 'show ont optical-info 8 20',
    expect: (r) => one(r, { voltageV: 3.39, txDbm: 1.89, rxDbm: -19.28, biasMa: 13, temperatureC: 31.3 }),
  },
  {
    file: 'cdata/gpon-fd1608s-v3-ont-info-optical_kusumavision-doc.txt',
    brand: 'cdata',
    mode: 'gpon',
    command: 'show ont info all',
    expect: (r) =>
      one(r, { onuId: 1, serial: 'CDTCAFD296DB', lastDownCause: null, description: 'SERVER-PENJAWI' }),
  },
  {
    file: 'cdata/gpon-fd1608s-v3-ont-info-optical_kusumavision-doc.txt',
    brand: 'cdata',
    mode: 'gpon',
    command: 'show ont optical-info 1 all',
    expect: (r) =>
      one(r, {
        ponPort: 1,
        onuId: 1,
        rxDbm: -18.83,
        txDbm: 1.56,
        oltRxDbm: -26.02,
        temperatureC: 41.55,
        voltageV: 3.26,
        biasMa: 11.55,
      }),
  },
  {
    file: 'cdata/gpon-fd1616gs-v1-ont-info-all_coleta-olt.txt',
    brand: 'cdata',
    mode: 'gpon',
    command: 'show ont info 1 all',
    expect: (r) => {
      expect(r).toHaveLength(59);
      expect(r.find((x) => x['onuId'] === 4)).toMatchObject({ runState: 'Offline', lastDownCause: 'LOS' });
      expect(r.find((x) => x['onuId'] === 33)).toMatchObject({ runState: 'Online', lastDownCause: 'LOS' });
    },
  },
  {
    file: 'cdata/gpon-fd1616gs-v1-ont-info-one_online-offline_coleta-olt.txt',
    part: 'ONU online',
    brand: 'cdata',
    mode: 'gpon',
    command: 'show ont info 1 1',
    expect: (r) => one(r, { onuId: 1, runState: 'online', distanceM: 298, serial: 'TEST00000001' }),
  },
  {
    file: 'cdata/gpon-fd1616gs-v1-ont-info-one_online-offline_coleta-olt.txt',
    part: 'ONU offline',
    brand: 'cdata',
    mode: 'gpon',
    command: 'show ont info 1 4',
    expect: (r) => one(r, { onuId: 4, runState: 'offline', distanceM: null, lastDownCause: 'LOS' }),
  },
  {
    file: 'cdata/gpon-fd1616gs-v1-optical-all_ddm-olt-rx_coleta-olt.txt',
    part: 'head',
    brand: 'cdata',
    mode: 'gpon',
    command: 'show ont optical-info 1 all',
    expect: (r) => {
      expect(r).toHaveLength(17);
      expect(r[0]).toMatchObject({ onuId: 1, voltageV: 3.22, txDbm: 2.2, rxDbm: -18.23, biasMa: 19.8 });
      expect(r[3]).toMatchObject({ onuId: 4, rxDbm: null, txDbm: null });
    },
  },
  {
    file: 'cdata/gpon-fd1616gs-v1-optical-all_ddm-olt-rx_coleta-olt.txt',
    part: 'PON SFP DDM',
    brand: 'cdata',
    mode: 'gpon',
    command: 'show port ddm-info 1 with-onu-optical',
    expect: (r) => {
      expect(r).toHaveLength(7);
      expect(r[0]).toEqual({ onuId: 1, oltRxDbm: -22.83 });
      expect(r[6]).toEqual({ onuId: 65, oltRxDbm: -28.23 });
    },
  },
  {
    file: 'cdata/gpon-fd16xx-alarm-log-v1-v3_coleta-olt.txt',
    part: 'V1: show alarm active',
    brand: 'cdata',
    mode: 'gpon',
    command: 'show alarm active all',
    expect: (r) => {
      expect(r).toHaveLength(11);
      expect(r[4]).toMatchObject({ ponPort: 8, onuId: 66, code: 'DGi', cleared: false });
    },
  },
  {
    file: 'cdata/gpon-fd16xx-alarm-log-v1-v3_coleta-olt.txt',
    part: 'V1: show alarm history',
    brand: 'cdata',
    mode: 'gpon',
    command: 'show alarm history all',
    expect: (r) => {
      expect(r).toHaveLength(10);
      expect(r[7]).toMatchObject({ ponPort: 7, onuId: 15, code: 'DGi', cleared: true });
    },
  },
  {
    file: 'cdata/gpon-fd16xx-alarm-log-v1-v3_coleta-olt.txt',
    part: 'V3: show alarm history',
    brand: 'cdata',
    mode: 'gpon',
    command: 'show alarm history all',
    expect: (r) => {
      expect(r).toHaveLength(8);
      expect(r[1]).toMatchObject({
        alarmId: 1000501,
        level: 'Err',
        code: 'LOSi',
        clearTime: '2026-10-02 19:50:55',
      });
    },
  },
  // V-SOL EPON
  {
    file: 'vsol/epon-fixtures_oltcmdread-tests.txt',
    part: 'show mac address-table',
    brand: 'vsol',
    mode: 'epon',
    command: 'show mac address-table',
    expect: (r) => expect(r).toEqual([{ vlan: 1, mac: '11:22:33:44:55:66', port: 'epon0/1', ponPort: 1 }]),
  },
  {
    file: 'vsol/epon-fixtures_oltcmdread-tests.txt',
    part: 'show onu 1 mac-address-table',
    brand: 'vsol',
    mode: 'epon',
    command: 'show onu 1 mac-address-table',
    expect: (r) =>
      expect(r).toEqual([
        { vlan: 100, mac: 'aa:bb:cc:dd:ee:01', ponPort: 1, onuId: 1 },
        { vlan: 100, mac: '11:22:33:44:55:66', ponPort: 1, onuId: 1 },
      ]),
  },
  {
    file: 'vsol/epon-fixtures_oltcmdread-tests.txt',
    part: 'show onu 1 ctc eth 1 autoneg',
    brand: 'vsol',
    mode: 'epon',
    command: 'show onu 1 ctc eth 1 autoneg',
    expect: (r) => expect(r).toEqual([{ port: 1, value: 'enabled' }]),
  },
  {
    file: 'vsol/epon-fixtures_oltcmdread-tests.txt',
    part: 'statusRow()',
    brand: 'vsol',
    mode: 'epon',
    command: 'show onu status all',
    expect: (r) => one(r, { ifName: 'EPON0/1:1', distanceM: 2080, rtt: 1365, lastDeregReason: 'power-off' }),
  },
  {
    file: 'vsol/epon-fixtures_oltcmdread-tests.txt',
    part: 'opticalRow()',
    brand: 'vsol',
    mode: 'epon',
    command: 'show onu opm-diag',
    expect: (r) => one(r, { ifName: 'EPON0/1:1', temperatureC: 27.45, txDbm: 1.9, rxDbm: -14.72 }),
  },
  {
    file: 'vsol/epon-fixtures_oltcmdread-tests.txt',
    part: 'basicRows()',
    brand: 'vsol',
    mode: 'epon',
    command: 'show onu basic-info',
    expect: (r) => expect(r[0]).toMatchObject({ vendor: 'VEND', model: 'MODEL-A', id: 'AABBCCDDEE01' }),
  },
  {
    file: 'vsol/epon-onu-mac-table-live_sightops.txt',
    brand: 'vsol',
    mode: 'epon',
    command: 'show onu 1 mac-address-table',
    expect: (r) =>
      expect(r.map((x) => x['mac'])).toEqual([
        '54:6c:ac:25:e6:cf',
        '54:6c:ac:25:e8:1a',
        '98:2a:0a:4b:a5:71',
        '54:6c:ac:25:e8:1c',
      ]),
  },
  {
    file: 'vsol/epon-opm-diag_oltcmdread.txt',
    brand: 'vsol',
    mode: 'epon',
    command: 'show onu opm-diag pon 2,1',
    expect: (r) =>
      expect(r.map((x) => [x['ifName'], x['rxDbm'], x['txDbm']])).toEqual([
        ['EPON0/2:1', -15.97, 2.09],
        ['EPON0/2:29', -20.97, 2.22],
      ]),
  },
  {
    file: 'vsol/epon-sightops-fixtures.txt',
    part: 0,
    brand: 'vsol',
    mode: 'epon',
    command: 'show onu opm-diag',
    expect: (r) =>
      expect(r.map((x) => [x['onuId'], x['rxDbm'], x['temperatureC']])).toEqual([
        [1, -17.12, 42.96],
        [2, -10.74, 41.19],
        [4, -14.88, 41.55],
      ]),
  },
  {
    file: 'vsol/epon-sightops-fixtures.txt',
    part: 'show onu auth-info   (online)',
    brand: 'vsol',
    mode: 'epon',
    command: 'show onu auth-info',
    expect: (r) =>
      one(r, { ifName: 'EPON0/1:2', llid: 3, status: 'online', mac: '98:2a:0a:a0:25:b9', rtt: 672 }),
  },
  {
    file: 'vsol/epon-sightops-fixtures.txt',
    part: 'show onu 2 mac-address-table',
    brand: 'vsol',
    mode: 'epon',
    command: 'show onu 2 mac-address-table',
    expect: (r) =>
      expect(r).toEqual([
        { vlan: 1000, mac: '54:6c:ac:25:e6:cf', ponPort: 1, onuId: 2 },
        { vlan: 1000, mac: '80:2a:a8:11:22:33', ponPort: 1, onuId: 2 },
      ]),
  },
  {
    file: 'vsol/epon-sightops-fixtures.txt',
    part: 'show onu basic-info',
    brand: 'vsol',
    mode: 'epon',
    command: 'show onu basic-info',
    expect: (r) => one(r, { vendor: 'ITBS', model: 'R1v2', id: '8085445F2E98', type: 'SFU' }),
  },
  {
    file: 'vsol/epon-sightops-fixtures.txt',
    part: 'show onu discover',
    brand: 'vsol',
    mode: 'epon',
    command: 'show onu discover',
    expect: (r) =>
      expect(r).toEqual([
        { ponPort: 1, llid: 3, mac: '80:85:44:5f:2e:98', link: 'Discovered' },
        { ponPort: 1, llid: 7, mac: '98:e5:5b:99:99:99', link: 'Discovered' },
      ]),
  },
  // V-SOL GPON
  {
    file: 'vsol/gpon-onu-state_olterra.txt',
    brand: 'vsol',
    mode: 'gpon',
    command: 'show onu state',
    expect: (r) => {
      expect(r).toHaveLength(57);
      expect(r[0]).toMatchObject({ ifName: 'GPON0/1:2', phaseState: 'working', serial: 'GPON0CE43515' });
    },
  },
  {
    file: 'vsol/gpon-onu-info_olterra.txt',
    brand: 'vsol',
    mode: 'gpon',
    command: 'show onu info',
    expect: (r) => {
      expect(r).toHaveLength(12);
      expect(r[0]).toMatchObject({ ifName: 'GPON0/1:2', model: 'V824', authInfo: 'GPON0CE43515' });
    },
  },
  {
    file: 'vsol/gpon-onu-optical_info_olterra.txt',
    brand: 'vsol',
    mode: 'gpon',
    command: 'show onu 2 optical_info',
    expect: (r) => one(r, { rxDbm: -18.15, txDbm: 2.54, voltageV: 3.26, biasMa: 11.29, temperatureC: 54.5 }),
  },
  {
    file: 'vsol/gpon-rx-power-all_olterra.txt',
    brand: 'vsol',
    mode: 'gpon',
    command: 'show pon onu all rx-power',
    expect: (r) => {
      expect(r).toHaveLength(57);
      expect(r[0]).toEqual({ onuId: 2, rxDbm: -18.15 });
    },
  },
  {
    file: 'vsol/gpon-onu-distance-and-detail_olterra.txt',
    part: 0,
    brand: 'vsol',
    mode: 'gpon',
    command: 'show onu 2 distance',
    expect: (r) => expect(r).toEqual([{ distanceM: 445 }]),
  },
  {
    file: 'vsol/gpon-onu-distance-and-detail_olterra.txt',
    part: 1,
    brand: 'vsol',
    mode: 'gpon',
    command: 'show onu detail-info 2',
    expect: (r) => one(r, { 'Vendor ID': 'VSOL', SN: 'GPON0CE43515', 'Equipment ID': 'VSOLV824' }),
  },
  {
    file: 'vsol/gpon-mac-table-by-pon_olterra.txt',
    brand: 'vsol',
    mode: 'gpon',
    command: 'show mac address-table interface gpon 0/1',
    expect: (r) => {
      expect(r).toHaveLength(5);
      expect(r[0]).toEqual({ vlan: 111, mac: '02:28:9a:89:6a:98', ponPort: 1, onuId: 8 });
    },
  },
  {
    file: 'vsol/gpon-interface-brief_olterra.txt',
    brand: 'vsol',
    mode: 'gpon',
    command: 'show interface brief',
    expect: (r) => {
      expect(r).toHaveLength(18);
      expect(r.find((x) => x['name'] === 'GPON0/1:9')).toMatchObject({
        description: 'CLIENTE-08',
        status: 'down',
      });
    },
  },
  // BDCOM
  {
    file: 'bdcom/cpu_ndce.txt',
    brand: 'bdcom',
    mode: 'epon',
    command: 'show cpu',
    expect: (r) => expect(r).toEqual([{ oneSecond: 14, oneMinute: 12, fiveMinutes: 12 }]),
  },
  {
    file: 'bdcom/epon-active-onu_rows_ndce.txt',
    brand: 'bdcom',
    mode: 'epon',
    command: 'show epon active-onu',
    expect: (r) => {
      expect(r).toHaveLength(5);
      expect(r[0]).toMatchObject({ ifName: 'EPON0/2:40', distanceM: 376, lastDeregReason: 'power-off' });
    },
  },
  {
    file: 'bdcom/epon-inactive-onu_rows_ndce.txt',
    brand: 'bdcom',
    mode: 'epon',
    command: 'show epon inactive-onu',
    expect: (r) =>
      expect(r.map((x) => [x['ifName'], x['mac']])).toEqual([
        ['EPON0/5:19', 'a0:34:61:81:93:a8'],
        ['EPON0/3:61', '98:45:62:cd:90:50'],
        ['EPON0/15:54', '10:f7:a6:c4:cf:b6'],
      ]),
  },
  {
    file: 'bdcom/epon-onu-info_active_inactive_headers_nestjs-vendor.txt',
    part: 0,
    brand: 'bdcom',
    mode: 'epon',
    command: 'show epon onu-information interface epon0/8 15',
    expect: (r) => one(r, { ifName: 'EPON0/8:15', vendor: 'PICO', model: 'E910', status: 'deregistered' }),
  },
  {
    file: 'bdcom/epon-onu-info_active_inactive_headers_nestjs-vendor.txt',
    part: 1,
    brand: 'bdcom',
    mode: 'epon',
    command: 'show epon active-onu interface epon0/8 15',
    expect: (r) => one(r, { distanceM: 1180, rtt: 728, lastRegTime: '2000-05-08 18:28:48' }),
  },
  {
    file: 'bdcom/epon-onu-info_active_inactive_headers_nestjs-vendor.txt',
    part: 2,
    brand: 'bdcom',
    mode: 'epon',
    command: 'show epon inactive-onu interface epon0/8 25',
    expect: (r) => one(r, { ifName: 'EPON0/8:25', mac: '80:f7:a6:07:ce:31', status: 'lost' }),
  },
  {
    file: 'bdcom/epon-onu-information_header_noc.txt',
    brand: 'bdcom',
    mode: 'epon',
    command: 'show epon onu-information',
    expect: (r) =>
      expect(r.map((x) => [x['ifName'], x['vendor'], x['model']])).toEqual([
        ['EPON0/13:9', 'VSOL', 'D401'],
        ['EPON0/13:10', 'xPON', '101Z'],
        ['EPON0/3:38', 'VSOL', 'D401'],
      ]),
  },
  {
    file: 'bdcom/epon-onu-information_rows_ndce.txt',
    brand: 'bdcom',
    mode: 'epon',
    command: 'show epon onu-information',
    expect: (r) =>
      expect(r.map((x) => [x['ifName'], x['vendor'], x['description']])).toEqual([
        ['EPON0/1:53', 'FHTT', 'PPPoE10-300M'],
        ['EPON0/10:10', 'PICO', null],
        ['EPON0/1:56', 'FGEP', 'Olimp-1754'],
      ]),
  },
  {
    file: 'bdcom/epon-onu-ctc-optical_ndce.txt',
    brand: 'bdcom',
    mode: 'epon',
    command: 'show epon int epon0/1:53 onu ctc optical-transceiver-diagnosis',
    expect: (r) =>
      expect(r).toEqual([{ temperatureC: 3, voltageV: 3.4, biasMa: 14.4, txDbm: 2.2, rxDbm: -17.7 }]),
  },
  {
    file: 'bdcom/epon-olt-side-rx_ndce.txt',
    brand: 'bdcom',
    mode: 'epon',
    command: 'show epon optical-transceiver-diagnosis interface epon 0/1',
    expect: (r) => expect(r).toEqual([{ ponPort: 1, onuId: 53, rxDbm: -24.6 }]),
  },
  {
    file: 'bdcom/mac-address-table_rows_ndce.txt',
    brand: 'bdcom',
    mode: 'epon',
    command: 'sh mac address-table dynamic',
    expect: (r) =>
      expect(r.map((x) => [x['vlan'], x['port'], x['onuId']])).toEqual([
        [889, 'g0/6', null],
        [212, 'epon0/2:59', 59],
        [111, 'tg0/6', null],
      ]),
  },
  {
    file: 'bdcom/epon-mac-table-include-and-interface_ru-ops-wiki.txt',
    brand: 'bdcom',
    mode: 'epon',
    command: 'show mac address-table interface epon 0/1:9',
    // The whole paste holds both outputs: the `| include` row and the two per-interface rows.
    expect: (r) =>
      expect(r.map((x) => [x['vlan'], x['mac']])).toEqual([
        [1, 'fc:fa:f7:96:3f:44'],
        [1, 'fc:fa:f7:96:3f:44'],
        [1569, '2c:ab:25:0b:73:8b'],
      ]),
  },
  {
    file: 'bdcom/gpon-active-inactive-onu_rows_ndce.txt',
    brand: 'bdcom',
    mode: 'gpon',
    command: 'show gpon active-onu',
    expect: (r) => one(r, { ifName: 'GPON0/2:125', serial: 'FHTT:6A1184B7', distanceM: 962.5 }),
  },
  {
    file: 'bdcom/gpon-active-inactive-onu_rows_ndce.txt',
    brand: 'bdcom',
    mode: 'gpon',
    command: 'show gpon inactive-onu',
    expect: (r) => one(r, { ifName: 'GPON0/1:126', lastDeregReasonRaw: 'Los', lastDeregReason: 'los' }),
  },
  {
    file: 'bdcom/gpon-onu-information_row_php-comment.txt',
    brand: 'bdcom',
    mode: 'gpon',
    command: 'show gpon onu-information',
    expect: (r) =>
      one(r, { ifName: 'GPON0/1:1', vendor: 'HWTC', model: 'HG8145V5', serial: 'HWTC:5F593DA5' }),
  },
  {
    file: 'bdcom/gpon-onu-optical_header_ru-bot.txt',
    brand: 'bdcom',
    mode: 'gpon',
    command: 'show gpon interface gpon 0/6:1 onu optical-transceiver-diagnosis',
    expect: (r) =>
      expect(r).toEqual([
        { ponPort: 6, onuId: 1, temperatureC: 62.2, voltageV: 3.3, biasMa: 14.3, rxDbm: -22.1, txDbm: 2 },
      ]),
  },
  {
    file: 'bdcom/gpon-onu-optical_header_ru-bot.txt',
    brand: 'bdcom',
    mode: 'gpon',
    command: 'show gpon optical-transceiver-diagnosis interface gpon 0/6:1',
    expect: (r) => expect(r).toEqual([{ ponPort: 6, onuId: 1, rxDbm: -27.2 }]),
  },
  {
    file: 'bdcom/gpon-onu-optical_ndce.txt',
    brand: 'bdcom',
    mode: 'gpon',
    command: 'show gpon int gpon0/1:1 onu optical-transceiver-diagnosis',
    expect: (r) => one(r, { ponPort: 1, onuId: 1, temperatureC: 39, rxDbm: -14.1, txDbm: 2.3 }),
  },
  {
    file: 'bdcom/epon-gpon-poll-blocks_workbranch.txt',
    part: 0,
    commandLine: true,
    brand: 'bdcom',
    mode: 'gpon',
    command: 'show mac address-table interface GPON0/11:1',
    expect: (r) => one(r, { vlan: 341, mac: '08:8a:f1:7f:ff:11', port: 'gpon0/11:1-1', onuId: 1 }),
  },
  {
    file: 'bdcom/epon-gpon-poll-blocks_workbranch.txt',
    part: 1,
    commandLine: true,
    brand: 'bdcom',
    mode: 'gpon',
    command: 'show gpon active-onu interface GPON0/11 1',
    expect: (r) => one(r, { serial: 'FGXP:15A2E80B', distanceM: 635.3 }),
  },
  {
    file: 'bdcom/epon-gpon-poll-blocks_workbranch.txt',
    part: 2,
    commandLine: true,
    brand: 'bdcom',
    mode: 'gpon',
    command: 'show gpon int GPON0/11:1 onu optical-transceiver-diagnosis',
    expect: (r) => one(r, { ponPort: 11, onuId: 1, rxDbm: -23.3, txDbm: 2.6, temperatureC: 36.5 }),
  },
  {
    file: 'bdcom/epon-gpon-poll-blocks_workbranch.txt',
    part: 3,
    commandLine: true,
    brand: 'bdcom',
    mode: 'epon',
    command: 'show mac address-table interface EPON0/4:8 | exclude c025.2f4f.4dad',
    expect: (r) => one(r, { mac: '1c:ef:03:aa:69:49', ponPort: 4, onuId: 8 }),
  },
  {
    file: 'bdcom/epon-gpon-poll-blocks_workbranch.txt',
    part: 4,
    commandLine: true,
    brand: 'bdcom',
    mode: 'epon',
    command: 'show epon active-onu interface EPON0/4 8',
    expect: (r) => one(r, { ifName: 'EPON0/4:8', distanceM: 3454, lastDeregReason: 'wire-down' }),
  },
  {
    file: 'bdcom/epon-gpon-poll-blocks_workbranch.txt',
    part: 5,
    commandLine: true,
    brand: 'bdcom',
    mode: 'epon',
    command: 'show epon int EPON0/4:8 onu ctc opt',
    expect: (r) =>
      expect(r).toEqual([{ temperatureC: 31, voltageV: null, biasMa: null, txDbm: 2.6, rxDbm: -19.7 }]),
  },
  {
    file: 'bdcom/epon-gpon-poll-blocks_workbranch.txt',
    part: 8,
    commandLine: true,
    brand: 'bdcom',
    mode: 'gpon',
    command: 'show gpon active-onu interface GPON0/8 29',
    expect: (r) => expect(r).toEqual([]),
  },
  // AVIES (HSGQ CLI)
  {
    file: 'avies/hsgq-xe04i-epon-telnet_teranetwork-validation.txt',
    part: '§10 show onu-info all',
    brand: 'avies',
    mode: 'epon',
    command: 'show onu-info all',
    expect: (r) =>
      expect(r.map((x) => [x['onuId'], x['mac'], x['statusRaw']])).toEqual([
        [26, null, 'Initial'],
        [27, '30:c5:0f:d8:7f:2c', 'Online'],
      ]),
  },
  {
    file: 'avies/hsgq-xe04i-epon-telnet_teranetwork-validation.txt',
    part: '§11 show optical-info',
    brand: 'avies',
    mode: 'epon',
    command: 'show optical-info',
    expect: (r) => one(r, { onuId: 27, temperatureC: 56, voltageV: 3.29, txDbm: 2.0336, rxDbm: -11.986 }),
  },
  {
    file: 'avies/hsgq-xe04i-epon-telnet_teranetwork-validation.txt',
    part: '§12 show onu-info-alarm 27',
    brand: 'avies',
    mode: 'epon',
    command: 'show onu-info-alarm 27',
    expect: (r) =>
      expect(r.map((x) => [x['time'], x['onuId']])).toEqual([
        ['2000/01/01 01:14:05', 27],
        ['2000/01/01 01:14:02', 27],
        ['2000/01/01 01:13:58', 27],
      ]),
  },
];

/** Capture files no driver parser reads, and why (kept in step with the folder by the last test). */
const NO_PARSER: Record<string, string> = {
  'avies/aveis-epon-config-notes_netronixbd.txt':
    'operator config notes (prompts and config lines), no listing',
  'avies/hsgq-gpon-onu-reboot-attempt-logs_hd-alus.txt':
    'logs of write attempts (echoes and async events), no listing',
  'avies/hsgq-xe04i-running-config_teranetwork-doc.txt': 'running-config text, no listing',
  'bdcom/gpon-poll-session_workbranch.html':
    'an HTML log with collapsed spacing and several commands per page (its rows are checked in bdcom-cli.spec)',
  'vsol/gpon-prompt-vectors_oxidized.yaml': 'prompt test vectors, no command output',
};

describe('ponctl parse on the real CLI captures', () => {
  for (const c of CASES) {
    it(`${c.file}${c.part === undefined ? '' : ` [${c.part}]`}: ${c.command}`, async () => {
      const r = await ponctlParse(c.brand, c.mode, c.command, capturePart(c));
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      c.expect(JSON.parse(r.out) as Rows);
    });
  }

  it('covers every capture file: each has a case above or a reason in NO_PARSER', () => {
    const root = deviceDataPath('cli');
    const files = readdirSync(root).flatMap((brand) =>
      readdirSync(join(root, brand)).map((f) => `${brand}/${f}`),
    );
    const covered = new Set([...CASES.map((c) => c.file), ...Object.keys(NO_PARSER)]);
    expect(files.filter((f) => !covered.has(f))).toEqual([]);
    expect(Object.keys(NO_PARSER).filter((f) => CASES.some((c) => c.file === f))).toEqual([]);
  });

  it('prints the JSON array `ponctl onus --json` prints (two-space indent)', async () => {
    const c = CASES.find((x) => x.command === 'show ont optical-info 8 20')!;
    const r = await ponctlParse(c.brand, c.mode, c.command, capturePart(c));
    expect(r.out).toBe(JSON.stringify(JSON.parse(r.out), null, 2));
    expect(r.out.startsWith('[\n  {\n    "voltageV": 3.39')).toBe(true);
  });

  it('an unknown command is one line listing the known ones, exit 1', async () => {
    const r = await ponctlParse(
      'bdcom',
      'epon',
      'show epon int EPON0/4:8 onu port 1 state',
      'Hardware state is Link-Up',
    );
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.err).toMatch(
      /^ponctl: unsupported: bdcom epon: no parser for "show epon int EPON0\/4:8 onu port 1 state"; known: /,
    );
    expect(r.err).toContain('show epon inactive-onu [interface epon0/<p>]');
  });

  it('output the parser cannot read is the typed error, exit 1 (C-Data single offline ONU, glued vtysh error)', async () => {
    const offline = await ponctlParse(
      'cdata',
      'gpon',
      'show ont optical-info 1 4',
      capturePart({
        ...CASES[0],
        file: 'cdata/gpon-fd1616gs-v1-optical-all_ddm-olt-rx_coleta-olt.txt',
        part: 'single offline ONU',
      }),
    );
    expect(offline.code).toBe(1);
    expect(offline.err).toBe(
      'ponctl: error: show ont optical-info <p> <o>: none of its labels found (first line: "show ont optical-info 1 4")',
    );
    const glued = await ponctlParse(
      'cdata',
      'epon',
      'show ont info 0/0 8 all',
      capturePart({ ...CASES[0], file: 'cdata/epon-optical-live_oltcmdread-doc.txt', part: 3 }),
    );
    expect(glued.code).toBe(1);
    expect(glued.err).toMatch(/^ponctl: error: show ont info … all: no table header found/);
  });

  it('reads the output from --file too, and needs --brand, --mode and --command', async () => {
    const file = deviceDataPath('cli/vsol/gpon-rx-power-all_olterra.txt');
    const out: string[] = [];
    const code = await runPonctl(
      [
        'parse',
        '--brand',
        'vsol',
        '--mode',
        'gpon',
        '--command',
        'show pon onu all rx-power',
        '--file',
        file,
      ],
      { out: (t) => out.push(t), err: () => undefined },
    );
    expect(code).toBe(0);
    expect((JSON.parse(out.join('\n')) as Rows)[0]).toEqual({ onuId: 2, rxDbm: -18.15 });
    const err: string[] = [];
    expect(
      await runPonctl(['parse', '--brand', 'vsol', '--command', 'show onu info'], {
        out: () => undefined,
        err: (t) => err.push(t),
      }),
    ).toBe(2);
    expect(err[0]).toMatch(/parse needs --mode/);
  });
});
