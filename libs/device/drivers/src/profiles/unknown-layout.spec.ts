import { bdcom, bdcomEpon, bdcomGpon, hsgq, vsolEpon, vsolGpon } from './index';
import { DriverError, DriverErrorCode } from '../support/driver.exception';

/**
 * Every regex-per-row ONU list parser of BDCOM, V-SOL and HSGQ: output in a layout it does not know is a typed
 * UNSUPPORTED_OUTPUT error naming the table; a known header with no rows is zero rows. All texts are hand-typed:
 * the "unknown" ones take a capture's header and row (files named per case, under device-data/cli) and rename or
 * reshuffle their columns; the "empty" ones are the capture's header with its rows removed.
 */
interface Case {
  name: string;
  parse: (text: string) => readonly unknown[];
  /** The table the error must name. */
  what: string;
  unknown: string;
  /** The line the error must quote. */
  firstUnknown: string;
  empty: string;
}

const j = (...l: string[]): string => l.join('\r\n');

const cases: Case[] = [
  {
    // bdcom/epon-onu-info_active_inactive_headers_nestjs-vendor.txt: Status moved before MAC Address.
    name: 'BDCOM EPON active-onu',
    parse: bdcomEpon.parseActiveOnus,
    what: 'show epon active-onu',
    unknown: j(
      'Interface EPON0/8 has bound 1 active ONUs:',
      'IntfName         Status           MAC Address    OAM Status   Distance(m) RTT(TQ)',
      '---------------- ---------------- -------------- ------------ ----------- -------',
      'EPON0/8:15       auto-configured  70a5.6add.7e1d ctc-oam-oper 1180        728',
    ),
    firstUnknown: 'IntfName         Status           MAC Address',
    empty: j(
      'Interface EPON0/8 has bound 0 active ONUs:',
      'IntfName         MAC Address    Status           OAM Status   Distance(m) RTT(TQ) LastRegTime         LastDeregTime       LastDeregReason   Alivetime',
      '---------------- -------------- ---------------- ------------ ----------- ------- ------------------- ------------------- ----------------- ------------',
    ),
  },
  {
    // Same capture: labels renamed and dates printed day first.
    name: 'BDCOM EPON inactive-onu',
    parse: bdcomEpon.parseInactiveOnus,
    what: 'show epon inactive-onu',
    unknown: j(
      'Interface EPON0/8 has bound 1 inactive ONUs:',
      'Port             MAC            State   RegTime           DeregTime         Reason      Absent',
      'EPON0/8:25       80f7.a607.ce31 lost    26/02/2000 13:48  26/02/2000 13:51  power-off   72 .05:29:13',
    ),
    firstUnknown: 'Port             MAC            State',
    empty: j(
      'Interface EPON0/8 has bound 0 inactive ONUs:',
      'IntfName         MAC Address    Status           LastRegTime         LastDeregTime       LastDeregReason   Absenttime',
      '---------------- -------------- ---------------- ------------------- ------------------- ----------------- ------------',
    ),
  },
  {
    // bdcom/epon-onu-information_header_noc.txt: MAC Address moved to the second column.
    name: 'BDCOM EPON onu-information',
    parse: bdcomEpon.parseOnuInformation,
    what: 'show epon onu-information',
    unknown: j(
      'IntfName   MAC Address    VendorID  ModelID    Status          BindType  Description',
      'EPON0/13:9 006d.61d4.6bf8 VSOL      D401       auto-configured static    N/A',
    ),
    firstUnknown: 'IntfName   MAC Address    VendorID',
    // The 80-column wrapped header of the nestjs-vendor paste.
    empty: j(
      'Interface EPON0/8 has registered 0 ONUs:',
      'IntfName         VendorID ModelID    MAC Address    Description',
      '    BindType Status           Dereg Reason',
      '---------------- -------- ---------- -------------- ----------------------------',
      '--- -------- ---------------- -----------------',
    ),
  },
  {
    // bdcom/epon-olt-side-rx_ndce.txt (`epon0/1:53   -24.6`) with a unit and a state column added.
    name: 'BDCOM EPON OLT-side optical-transceiver-diagnosis',
    parse: bdcomEpon.parseOltSideRx,
    what: 'show epon optical-transceiver-diagnosis',
    unknown: j('ONU          Rx-Power   State', 'epon0/1:53   -24.6 dBm  normal'),
    firstUnknown: 'ONU          Rx-Power   State',
    // The GPON header of bdcom/gpon-onu-optical_header_ru-bot.txt.
    empty: j('interface    RxPower(dBm)', '-----------  --------------'),
  },
  {
    // bdcom/gpon-active-inactive-onu_rows_ndce.txt: LOID moved before SN.
    name: 'BDCOM GPON active-onu',
    parse: bdcomGpon.parseActiveOnus,
    what: 'show gpon active-onu',
    unknown: j(
      'Interface GPON0/2 has bound 1 active ONUs:',
      'IntfName       LOID   SN              LastRegTime         AliveTime       Distance(m)',
      'GPON0/2:125    N/A    FHTT:6A1184B7   2024-11-03 21:24:58 0014d:12:45:40  962.5',
    ),
    firstUnknown: 'IntfName       LOID   SN',
    empty: 'Interface GPON0/2 has bound 0 active ONUs:',
  },
  {
    name: 'BDCOM GPON inactive-onu',
    parse: bdcomGpon.parseInactiveOnus,
    what: 'show gpon inactive-onu',
    unknown: j(
      'Interface GPON0/1 has bound 1 inactive ONUs:',
      'GPON0/1:126    off-line      FHTT:6A89B080    2023-11-29 12:37:03 Los',
    ),
    firstUnknown: 'GPON0/1:126    off-line      FHTT:6A89B080',
    empty: 'Interface GPON0/1 has bound 0 inactive ONUs:',
  },
  {
    // bdcom/gpon-onu-information_row_php-comment.txt: SN moved before VendorID.
    name: 'BDCOM GPON onu-information',
    parse: bdcomGpon.parseOnuInformation,
    what: 'show gpon onu-information',
    unknown:
      'GPON0/1:1      HWTC:5F593DA5    HWTC      HG8145V5     N/A  active   success       2026-03-14 16:30:32',
    firstUnknown: 'GPON0/1:1      HWTC:5F593DA5',
    empty: 'Interface GPON0/1 has registered 0 ONUs:',
  },
  {
    // bdcom/gpon-onu-optical_header_ru-bot.txt: Temperature in (C) and an Alarm column added.
    name: 'BDCOM GPON ONU-side optical-transceiver-diagnosis',
    parse: bdcomGpon.parseOnuOptics,
    what: 'onu optical-transceiver-diagnosis',
    unknown: j(
      'interface    Temperature(C)  Voltage(V)  Current(mA)  RxPower(dBm)  TxPower(dBm)  Alarm',
      'gpon0/6:1    62.2            3.3         14.3         -22.1         2.0           none',
    ),
    firstUnknown: 'interface    Temperature(C)',
    empty: j(
      'interface    Temperature(degree)    Voltage(V)    Current(mA)    RxPower(dBm)    TxPower(dBm)',
      '-----------  ---------------------  ------------  -------------  --------------  --------------',
    ),
  },
  {
    name: 'BDCOM GPON OLT-side optical-transceiver-diagnosis',
    parse: bdcomGpon.parseOltSideRx,
    what: 'show gpon optical-transceiver-diagnosis',
    unknown: j('ONU          Rx(dBm)    State', 'gpon0/6:1    -27.2      normal'),
    firstUnknown: 'ONU          Rx(dBm)    State',
    empty: j('interface    RxPower(dBm)', '-----------  --------------'),
  },
  {
    // bdcom/mac-address-table_rows_ndce.txt and the workbranch title: Port moved before the MAC.
    name: 'BDCOM MAC table',
    parse: bdcom.parseBdcomMacTable,
    what: 'show mac address-table',
    unknown: j('Mac Address Table (Total 1)', '212     epon0/2:59    f8d1.1197.1c73    DYNAMIC'),
    firstUnknown: '212     epon0/2:59',
    empty: 'Mac Address Table (Total 0)',
  },
  {
    // vsol/epon-fixtures_oltcmdread-tests.txt statusRow(): MAC moved before Status. The empty case's header is
    // inferred from the columns that file's notes name (no header is recorded).
    name: 'V-SOL EPON onu status',
    parse: vsolEpon.parseStatusRows,
    what: 'show onu status',
    unknown:
      'EPON0/1:1   aa:bb:cc:dd:ee:01    online    2080         1365    2026/06/01 08:08:13     2026/06/01 08:07:32     Power Off         6 19:16:07   N/A',
    firstUnknown: 'EPON0/1:1   aa:bb:cc:dd:ee:01    online',
    empty:
      'ONU-ID      Status    MAC Address          Distance(m)  RTT(TQ) LastRegTime  LastDeregTime  LastDeregReason  AliveTime  Description',
  },
  {
    // vsol/epon-sightops-fixtures.txt opm-diag: units dropped from the labels and an Alarm column added.
    name: 'V-SOL EPON opm-diag',
    parse: vsolEpon.parseOpmDiag,
    what: 'show onu opm-diag',
    unknown: j(
      'show onu opm-diag',
      'ONU-ID      Temperature   Voltage   Bias    TxPower   RxPower   Alarm',
      'EPON0/1:1   42.96         3.24      15.65   4.25      -17.12    none',
      'epon-olt(config-pon-0/1)# ',
    ),
    firstUnknown: 'ONU-ID      Temperature   Voltage',
    empty: j(
      'show onu opm-diag',
      '',
      'ONU-ID      Temperature(C)    Supply Voltage(V)   TX Bias Current(mA)   TX Power(dBm)   RX Power(dBm)',
      '------      --------------    -----------------   -------------------   -------------   -------------',
      'epon-olt(config-pon-0/1)# ',
    ),
  },
  {
    // Same file, auth-info: Status moved before LLID.
    name: 'V-SOL EPON auth-info',
    parse: vsolEpon.parseAuthInfo,
    what: 'show onu auth-info',
    unknown: j(
      'ONU-ID      Status    LLID   MAC  Address         RTT(TQ) Description',
      'EPON0/1:2   online    3      98:2a:0a:a0:25:b9   672     N/A',
    ),
    firstUnknown: 'ONU-ID      Status    LLID',
    empty: j(
      'show onu auth-info',
      'ONU-ID      LLID   Status    MAC  Address         RTT(TQ) Description',
      'epon-olt(config-pon-0/1)#',
    ),
  },
  {
    // Same file, basic-info: ID moved to the end.
    name: 'V-SOL EPON basic-info',
    parse: vsolEpon.parseBasicInfo,
    what: 'show onu basic-info',
    unknown: j(
      'ONU-ID      Model     VendorID  hwVer     SwVer        ID',
      'EPON0/1:1   R1v2      ITBS      ONUR1_v2  1.3-220719   8085445F2E98',
    ),
    firstUnknown: 'ONU-ID      Model     VendorID',
    empty: 'ONU-ID      VendorID  Model     ID            hwVer     SwVer        Type   Interface Type',
  },
  {
    // Same file, `show onu 2 mac-address-table`: MAC moved before VLAN.
    name: 'V-SOL EPON ONU MAC table',
    parse: vsolEpon.parseOnuMacTable,
    what: 'show onu mac-address-table',
    unknown: j(
      ' Mac Address Table',
      '----------------------------------------------------------',
      'Index   MAC  Address         VLAN   PON       ONU    Aging(s)',
      '1       54:6c:ac:25:e6:cf    1000   EPON0/1   2      255',
      '',
      ' Total Addresses Found in System :1',
    ),
    firstUnknown: 'Index   MAC  Address         VLAN',
    empty: j(
      ' Mac Address Table',
      '----------------------------------------------------------',
      'Index   VLAN   MAC  Address         PON       ONU    Aging(s)',
      '',
      ' Total Addresses Found in System :0',
    ),
  },
  {
    // vsol/epon-fixtures_oltcmdread-tests.txt `show mac address-table`: Port moved first. The empty case's
    // column line is inferred (no header is recorded).
    name: 'V-SOL EPON global MAC table',
    parse: vsolEpon.parseGlobalMacTable,
    what: 'show mac address-table',
    unknown: 'epon0/1   1        11:22:33:44:55:66  Dynamic     255            1',
    firstUnknown: 'epon0/1   1        11:22:33:44:55:66',
    empty: 'Vlan     MAC Address        Type        Port      Aging          ONU',
  },
  {
    // vsol/gpon-onu-state_olterra.txt: Admin and OMCC state columns dropped.
    name: 'V-SOL GPON onu state',
    parse: vsolGpon.parseOnuState,
    what: 'show onu state',
    unknown: j(
      'OnuIndex    Serial Number    Phase State',
      '---------------------------------------------------------------',
      'GPON0/1:2   GPON0CE43515     working',
      'pon: 1 total: 1 working: 1',
    ),
    firstUnknown: 'OnuIndex    Serial Number    Phase State',
    empty: j(
      'OnuIndex    Admin State    OMCC State    Phase State    Serial Number',
      '---------------------------------------------------------------',
      'pon: 1 total: 0 working: 0',
    ),
  },
  {
    // vsol/gpon-onu-info_olterra.txt: Profile dropped, AuthInfo moved second.
    name: 'V-SOL GPON onu info',
    parse: vsolGpon.parseOnuInfo,
    what: 'show onu info',
    unknown: j(
      'Onuindex   AuthInfo         Model    Mode',
      '---------------------------------------------------------------------------------------------',
      'GPON0/1:2  GPON0CE43515     V824     sn',
    ),
    firstUnknown: 'Onuindex   AuthInfo         Model',
    empty: j(
      'Onuindex   Model                Profile                Mode    AuthInfo',
      '---------------------------------------------------------------------------------------------',
    ),
  },
  {
    // vsol/gpon-rx-power-all_olterra.txt: a Tx column added.
    name: 'V-SOL GPON rx-power all',
    parse: vsolGpon.parseRxPowerAll,
    what: 'show pon onu all rx-power',
    unknown: j(
      'Onu         Rx(dBm)     Tx(dBm)',
      '------------------------------------',
      '2           -18.15      2.01',
    ),
    firstUnknown: 'Onu         Rx(dBm)     Tx(dBm)',
    empty: j('Onu         ONU_Rx', '------------------------------------'),
  },
  {
    // vsol/gpon-mac-table-by-pon_olterra.txt: Ports moved first.
    name: 'V-SOL GPON MAC table',
    parse: vsolGpon.parseMacTable,
    what: 'show mac address-table',
    unknown: j(
      ' Mac Address Table(Pon:1)',
      '',
      ' Ports           Vlan     Mac Address       Type',
      '',
      '  GPON 0/1:008   111      0228:9a89:6a98    Dynamic',
      '',
      ' Total Addresses Found in System :1',
    ),
    firstUnknown: 'Ports           Vlan     Mac Address',
    empty: j(
      ' Mac Address Table(Pon:1)',
      '',
      ' Vlan     Mac Address       Type       Ports  Remaining Age',
      '',
      ' Total Addresses Found in System :0',
    ),
  },
  {
    // avies/hsgq-xe04i-epon-telnet_teranetwork-validation.txt §10: Auth and Cfg dropped, labels renamed.
    name: 'HSGQ onu-info all',
    parse: hsgq.parseOnuInfoAll,
    what: 'show onu-info all',
    unknown: j(
      '-'.repeat(100),
      ' ONU-ID   MAC               State    Registered          Name',
      '-'.repeat(100),
      ' 1/27     30:c5:0f:d8:7f:2c Online   2000/01/01 01:00:31 ONU01/27',
      '-'.repeat(100),
      '  Total: 1  Online:1  Offline:0',
    ),
    firstUnknown: 'ONU-ID   MAC               State',
    empty: j(
      '-'.repeat(100),
      ' PON/ONU     Mac-Address    Status   Auth  Cfg     Reg-time            ONU-Name     ONU-Desc',
      '-'.repeat(100),
      '-'.repeat(100),
      '  Total: 0  Online:0  Offline:0',
      '-'.repeat(100),
    ),
  },
  {
    // Same file §11: name, temperature, voltage and bias dropped, Rx before Tx.
    name: 'HSGQ optical-info',
    parse: hsgq.parseOpticalInfo,
    what: 'show optical-info',
    unknown: j(
      '-'.repeat(100),
      'PON/ONU Mac-address       Rx power       Tx power',
      '-'.repeat(100),
      '    1/27 30:c5:0f:d8:7f:2c  -11.9860 dBm   2.0336 dBm',
      '-'.repeat(100),
    ),
    firstUnknown: 'PON/ONU Mac-address       Rx power',
    empty: j(
      '-'.repeat(100),
      'PON/ONU ONU-Name     Mac-address       Temperature  Voltage      Bias         Tx power     Rx power',
      '-'.repeat(100),
      '-'.repeat(100),
    ),
  },
];

function thrown(fn: () => unknown): DriverError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DriverError) return e;
    throw e;
  }
  throw new Error('expected a DriverError, nothing was thrown');
}

describe.each(cases)('$name', (c) => {
  it('throws UNSUPPORTED_OUTPUT naming the table and quoting the first unknown line', () => {
    const err = thrown(() => c.parse(c.unknown));
    expect(err.code).toBe(DriverErrorCode.UNSUPPORTED_OUTPUT);
    expect(err.message).toContain(c.what);
    expect(err.message).toContain(`"${c.firstUnknown}`);
  });

  it('reads a known header with no rows as zero rows', () => {
    expect(c.parse(c.empty)).toEqual([]);
  });

  it('reads empty output as zero rows', () => {
    expect(c.parse('')).toEqual([]);
  });
});

describe('error-only output keeps its zero rows (the session, not the parser, fails on these)', () => {
  it.each([
    ['BDCOM', () => bdcomEpon.parseActiveOnus('% Unknown command.')],
    ['V-SOL', () => vsolGpon.parseOnuState('% Unknown command.')],
    ['HSGQ', () => hsgq.parseOnuInfoAll('vty% Command incomplete')],
  ])('%s', (_brand, parse) => {
    expect(parse()).toEqual([]);
  });
});
