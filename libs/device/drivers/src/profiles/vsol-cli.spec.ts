import { cleanTerminalText } from '@pondesk/device-telnet';
import { vsolEpon, vsolGpon, vsol } from './index';
import { blocks, cliSample } from '../testing/device-data';

/** Re-draw a captured table the way VSOL firmware does: column gaps as ESC[nC, CR before each line, a pager with BS/SP/BS erase. */
function ansiDraw(text: string, pagerEvery = 4): string {
  const lines = text.split('\n');
  const out: string[] = [];
  lines.forEach((line, i) => {
    const drawn = line.replace(/ {2,}/g, (run) => `\x1b[${run.length}C`);
    out.push(`\r${drawn}`);
    if (i > 0 && i % pagerEvery === 0)
      out.push(` --More-- \x00${'\b'.repeat(10)}${' '.repeat(10)}${'\b'.repeat(10)}`);
  });
  // The pager line shares the terminal line with the next row after the erase, as on the wire.
  // eslint-disable-next-line no-control-regex -- NUL/ESC/BS are what the devices really send
  return out.join('\r\n').replace(/\r\n( --More-- \x00[\b ]+)\r\n/g, '\r\n$1');
}

describe('V-SOL EPON CLI parsers on real rows', () => {
  it('parses the EPON-OLT firmware fixtures (status, optics, MAC tables)', () => {
    const b = blocks(cliSample('vsol/epon-fixtures_oltcmdread-tests.txt'));
    const byTitle = (t: string) => b.find((x) => x.title === t)!.body;
    expect(vsolEpon.parseGlobalMacTable(byTitle('show mac address-table'))).toEqual([
      { vlan: 1, mac: '11:22:33:44:55:66', port: 'epon0/1', ponPort: 1 },
    ]);
    expect(vsolEpon.parseOnuMacTable(byTitle('show onu 1 mac-address-table'))).toEqual([
      { vlan: 100, mac: 'aa:bb:cc:dd:ee:01', ponPort: 1, onuId: 1 },
      { vlan: 100, mac: '11:22:33:44:55:66', ponPort: 1, onuId: 1 },
    ]);
    expect(vsolEpon.parseStatusRows(byTitle('statusRow()'))).toEqual([
      {
        ifName: 'EPON0/1:1',
        ponPort: 1,
        onuId: 1,
        status: 'online',
        statusRaw: 'online',
        mac: 'aa:bb:cc:dd:ee:01',
        distanceM: 2080,
        rtt: 1365,
        lastRegTime: '2026/06/01 08:08:13',
        lastDeregTime: '2026/06/01 08:07:32',
        lastDeregReasonRaw: 'Power Off',
        lastDeregReason: 'power-off',
        aliveTime: '6 19:16:07',
        description: null,
      },
    ]);
    expect(vsolEpon.parseStatusRows(byTitle('statusRows() second row'))[0]).toMatchObject({
      status: 'offline',
      lastRegTime: null,
      // The offline row prints 0 m: not ranged, no reading.
      distanceM: null,
      aliveTime: '0 00:00:00',
    });
    expect(vsolEpon.parseOpmDiag(byTitle('opticalRow()'))).toEqual([
      {
        ifName: 'EPON0/1:1',
        ponPort: 1,
        onuId: 1,
        temperatureC: 27.45,
        voltageV: 3.39,
        biasMa: 14.15,
        txDbm: 1.9,
        rxDbm: -14.72,
      },
    ]);
    expect(vsolEpon.parseEthPortTable(byTitle('show onu 1 ctc eth 1 port_info'))).toEqual([
      { port: 1, value: 'UP' },
    ]);
    expect(vsolEpon.parseEthPortTable(byTitle('show onu 1 ctc eth 1 autoneg'))).toEqual([
      { port: 1, value: 'enabled' },
    ]);
    expect(vsolEpon.parseEthPortTable(byTitle('show onu 1 ctc eth 1 loopdetect'))).toEqual([
      { port: 1, value: 'activated' },
    ]);
    expect(vsolEpon.parseBasicInfo(byTitle('basicRows()'))[0]).toMatchObject({
      vendor: 'VEND',
      model: 'MODEL-A',
      id: 'AABBCCDDEE01',
      swVersion: 'V2.0',
    });
  });

  it('parses opm-diag tables from both firmware dialects', () => {
    const rows = vsolEpon.parseOpmDiag(cliSample('vsol/epon-opm-diag_oltcmdread.txt'));
    expect(rows.map((r) => [r.ifName, r.rxDbm, r.txDbm])).toEqual([
      ['EPON0/2:1', -15.97, 2.09],
      ['EPON0/2:29', -20.97, 2.22],
    ]);
    const b = blocks(cliSample('vsol/epon-sightops-fixtures.txt'));
    expect(vsolEpon.parseOpmDiag(b[0].body).map((r) => [r.onuId, r.rxDbm, r.temperatureC])).toEqual([
      [1, -17.12, 42.96],
      [2, -10.74, 41.19],
      [4, -14.88, 41.55],
    ]);
    expect(vsolEpon.parseAuthInfo(b[1].body)).toEqual([
      {
        ifName: 'EPON0/1:2',
        ponPort: 1,
        onuId: 2,
        llid: 3,
        status: 'online',
        mac: '98:2a:0a:a0:25:b9',
        rtt: 672,
        description: null,
      },
    ]);
    expect(vsolEpon.parseAuthInfo(b[2].body)[0]).toMatchObject({ status: 'offline', rtt: 0 });
    expect(vsolEpon.parseOnuMacTable(b[3].body)).toEqual([
      { vlan: 1000, mac: '54:6c:ac:25:e6:cf', ponPort: 1, onuId: 2 },
      { vlan: 1000, mac: '80:2a:a8:11:22:33', ponPort: 1, onuId: 2 },
    ]);
    expect(vsolEpon.parseBasicInfo(b[5].body)).toEqual([
      expect.objectContaining({
        vendor: 'ITBS',
        model: 'R1v2',
        id: '8085445F2E98',
        type: 'SFU',
        interfaceType: '1GE',
      }),
    ]);
    expect(vsolEpon.parseDiscover(b[6].body)).toEqual([
      { ponPort: 1, llid: 3, mac: '80:85:44:5f:2e:98', link: 'Discovered' },
      { ponPort: 1, llid: 7, mac: '98:e5:5b:99:99:99', link: 'Discovered' },
    ]);
    // The live prompt at the end of each block is recognised as a prompt, not as data.
    expect(vsol.vsolTelnet.prompt.test('epon-olt(config-pon-0/1)# ')).toBe(true);
  });

  it('reads an ANSI-drawn, paged opm-diag table exactly like the clean one', () => {
    const clean = cliSample('vsol/epon-opm-diag_oltcmdread.txt');
    const drawn = ansiDraw(clean, 1);
    expect(drawn).toContain('\x1b[');
    // Raw bytes are not parseable as-is: a typed error, not zero rows.
    expect(() => vsolEpon.parseOpmDiag(drawn)).toThrow(/show onu opm-diag: no row and no known header/);
    expect(vsolEpon.parseOpmDiag(cleanTerminalText(drawn))).toEqual(vsolEpon.parseOpmDiag(clean));
  });
});

describe('V-SOL GPON CLI parsers on real lab captures', () => {
  it('parses show onu state with its trailer (57 ONUs, 52 working)', () => {
    const text = cliSample('vsol/gpon-onu-state_olterra.txt');
    const rows = vsolGpon.parseOnuState(text);
    expect(rows).toHaveLength(57);
    expect(rows.filter((r) => r.status === 'online')).toHaveLength(52);
    expect(rows.filter((r) => r.status === 'offline').map((r) => r.onuId)).toEqual([9, 38, 43, 47, 48]);
    expect(rows[0]).toEqual({
      ifName: 'GPON0/1:2',
      ponPort: 1,
      onuId: 2,
      adminState: 'enable',
      omccState: 'enable',
      phaseState: 'working',
      status: 'online',
      serial: 'GPON0CE43515',
    });
    expect(vsolGpon.parseOnuStateSummary(text)).toEqual({ ponPort: 1, total: 57, working: 52 });
  });

  it('reads the ANSI-drawn onu state table with pagers identically', () => {
    const clean = cliSample('vsol/gpon-onu-state_olterra.txt');
    const cleaned = cleanTerminalText(ansiDraw(clean, 20));
    expect(cleaned).not.toMatch(/--More--/);
    expect(vsolGpon.parseOnuState(cleaned)).toEqual(vsolGpon.parseOnuState(clean));
  });

  it('parses onu info, optical info, rx-power, distance, MAC table and interface brief', () => {
    const info = vsolGpon.parseOnuInfo(cliSample('vsol/gpon-onu-info_olterra.txt'));
    expect(info).toHaveLength(12);
    expect(info.find((r) => r.onuId === 9)).toMatchObject({ model: null, authInfo: 'GPON225E4B77' });
    expect(info[0]).toMatchObject({
      ifName: 'GPON0/1:2',
      model: 'V824',
      profile: 'default',
      mode: 'sn',
      authInfo: 'GPON0CE43515',
    });

    expect(vsolGpon.parseOpticalInfo(cliSample('vsol/gpon-onu-optical_info_olterra.txt'))).toEqual({
      rxDbm: -18.15,
      txDbm: 2.54,
      voltageV: 3.26,
      biasMa: 11.29,
      temperatureC: 54.5,
    });
    const rx = vsolGpon.parseRxPowerAll(cliSample('vsol/gpon-rx-power-all_olterra.txt'));
    expect(rx).toHaveLength(57);
    expect(rx.find((r) => r.onuId === 9)).toEqual({ onuId: 9, rxDbm: null });
    expect(rx[0]).toEqual({ onuId: 2, rxDbm: -18.15 });

    const dd = blocks(cliSample('vsol/gpon-onu-distance-and-detail_olterra.txt'));
    expect(vsolGpon.parseDistance(dd[0].body)).toBe(445);
    expect(vsolGpon.parseDetailInfo(dd[1].body)).toMatchObject({
      'Vendor ID': 'VSOL',
      SN: 'GPON0CE43515',
      'Equipment ID': 'VSOLV824',
      'Startup time': 'Sun Jan  2 10:26:00 2022',
    });

    const mac = vsolGpon.parseMacTable(cliSample('vsol/gpon-mac-table-by-pon_olterra.txt'));
    expect(mac).toHaveLength(5);
    expect(mac[0]).toEqual({ vlan: 111, mac: '02:28:9a:89:6a:98', ponPort: 1, onuId: 8 });

    const brief = vsolGpon.parseInterfaceBrief(cliSample('vsol/gpon-interface-brief_olterra.txt'));
    expect(brief.find((r) => r.name === 'GE0/3')).toMatchObject({
      status: 'up',
      type: '1000Base-T',
      ponPort: null,
    });
    expect(brief.find((r) => r.name === 'GPON0/1:2')).toMatchObject({
      description: 'CLIENTE-01',
      status: 'up',
      ponPort: 1,
      onuId: 2,
    });
    expect(brief.find((r) => r.name === 'GPON0/1:9')).toMatchObject({
      description: 'CLIENTE-08',
      status: 'down',
    });
    expect(brief).toHaveLength(18);
  });

  it('matches the prompt vectors that must and must not be prompts', () => {
    const text = cliSample('vsol/gpon-prompt-vectors_oxidized.yaml');
    const pass = [...text.split('fail:')[0].matchAll(/- "(.*)"/g)].map((m) => m[1]);
    const fail = [...text.split('fail:')[1].matchAll(/- "(.*)"/g)].map((m) => m[1]);
    expect(pass).toHaveLength(4);
    expect(fail).toHaveLength(4);
    for (const p of pass) expect(vsol.vsolTelnet.prompt.test(p)).toBe(true);
    for (const f of fail) expect(vsol.vsolTelnet.prompt.test(f)).toBe(false);
    // The async event line is one of the lines the session filters out of command output.
    expect(vsol.vsolTelnet.eventLines.some((r) => r.test(fail[1]))).toBe(true);
  });

  it('tolerates the V1600GS SNMP format variations (SNMP.md §5)', () => {
    expect(vsolGpon.scale.rxDbm.decode('-14.41')).toBe(-14.41);
    expect(vsolGpon.scale.rxDbm.decode('-13.518(dBm)')).toBe(-13.518);
    expect(vsolGpon.scale.rxDbm.decode(-256)).toBe(-25.6);
    expect(vsolGpon.scale.rxDbm.decode(-2561)).toBe(-25.61);
    expect(vsolGpon.scale.rxDbm.decode('N/A')).toBeNull();
    // Integers are tenths or hundredths: scaled until plausible for the reading (|rx| ≤ 40, |tx| ≤ 10 dBm).
    expect(vsolGpon.scale.rxDbm.decode(-1000)).toBe(-10);
    expect(vsolGpon.scale.rxDbm.decode('-2400')).toBe(-24);
    expect(vsolGpon.scale.txDbm.decode(21)).toBe(2.1);
    expect(vsolGpon.scale.txDbm.decode(254)).toBe(2.54);
    expect(vsolGpon.scale.txDbm.decode('2.54')).toBe(2.54);
    expect(vsolGpon.scale.rxDbm.decode(0)).toBeNull();
    // A column picks one divisor from its typical value, so a low tx (5 = 0.5 dBm) is not read as 5 dBm.
    expect(vsolGpon.decodePowers('txDbm', [21, 5, 33, 0, null, 18])).toEqual([
      2.1,
      0.5,
      3.3,
      null,
      null,
      1.8,
    ]);
    expect(vsolGpon.decodePowers('rxDbm', [-1450, -998, -2731, 'N/A'])).toEqual([-14.5, -9.98, -27.31, null]);
    expect(vsolGpon.decodePowers('rxDbm', ['-14.41', '-13.518(dBm)', '-20'])).toEqual([-14.41, -13.518, -20]);
    expect(vsolGpon.normalizeTime('2026:06:03 21:21:42')).toBe('2026-06-03 21:21:42');
    expect(vsolGpon.onuName('N/A')).toBeNull();
    expect(vsolGpon.ifName.parse('GPON01ONU1 YUNUS')).toEqual({ ponPort: 1, onuId: 1, label: 'YUNUS' });
    expect(vsolGpon.ifName.parse('GPON0/1:7')).toEqual({ ponPort: 1, onuId: 7, label: null });
    expect(vsolGpon.mapReason('Onu Los')).toBe('los');
    expect(vsolGpon.mapReason('Power Off')).toBe('power-off');
  });
});
