import { cdata, cdataEpon, cdataGpon } from './index';
import { DriverError, DriverErrorCode } from '../support/driver.exception';
import { blocks, cliSample } from '../testing/device-data';

describe('C-Data CLI parsers on real pastes', () => {
  it('parses the ont info table and the per-ONT MAC table', () => {
    const b = blocks(cliSample('cdata/epon-ont-info-all-and-mac_oltcmdread-tests.txt'));
    expect(cdata.parseOntInfoTable(b[0].body)).toEqual([
      expect.objectContaining({
        frameSlot: '0/0',
        ponPort: 1,
        onuId: 1,
        mac: 'c4:70:0b:6c:80:48',
        runState: 'online',
        configState: 'success',
        description: null,
      }),
      expect.objectContaining({
        ponPort: 1,
        onuId: 6,
        mac: '00:6d:61:bb:0d:e8',
        runState: 'offline',
        configState: 'failed',
      }),
    ]);
    expect(cdata.parseOntMacTable(b[1].body)).toEqual([
      { mac: 'e4:60:4d:72:71:ff', vlan: 100, ponPort: 1, onuId: 1 },
      { mac: 'c4:70:0b:6c:80:49', vlan: 100, ponPort: 1, onuId: 1 },
    ]);
  });

  it('parses by-mac, the ONT detail page with last down cause and the optical page', () => {
    const b = blocks(cliSample('cdata/epon-ont-info-and-optical_oltcmdread-adapter.txt'));
    const prompt = b[0].body.split('\n')[0];
    // Hostnames may contain spaces: `OLT - MANTIMENTO(config)# …` is a prompt line followed by the command.
    expect(cdata.cdataTelnet.prompt.test(prompt.slice(0, prompt.indexOf('#') + 2))).toBe(true);
    expect(cdata.parseOntInfoTable(b[0].body)).toEqual([
      expect.objectContaining({ ponPort: 2, onuId: 3, mac: 'c4:70:0b:89:51:60', runState: 'online' }),
    ]);
    const detail = cdata.parseOntDetail(b[1].body);
    expect(detail).toEqual({
      ponPort: 2,
      onuId: 3,
      runState: 'online',
      distanceM: 1972,
      mac: 'c4:70:0b:89:51:60',
      lastUpTime: '2000-05-22 00:30:53',
      lastDownTime: '2000-05-22 00:29:28',
      lastDyingGaspTime: '2000-05-22 00:29:26',
      serial: null,
      lastDownCause: 'dying-gasp',
      description: null,
    });
    expect(cdataEpon.mapReason(detail.lastDownCause)).toBe('power-off');
    expect(cdata.parseOntOptical(b[2].body)).toEqual({
      voltageV: 3.3,
      txDbm: 1.97,
      rxDbm: -21.94,
      biasMa: 15.16,
      temperatureC: 50.73,
    });
  });

  it('parses the live optical page and recognises the glued vtysh error', () => {
    const b = blocks(cliSample('cdata/epon-optical-live_oltcmdread-doc.txt'));
    expect(b.map((x) => x.body.includes('Rx optical power'))).toEqual([false, false, true, false]);
    expect(cdata.parseOntOptical(b[2].body)).toEqual({
      voltageV: 3.39,
      txDbm: 1.89,
      rxDbm: -19.28,
      biasMa: 13,
      temperatureC: 31.3,
    });
    const err = b[3].body.split('\n')[1];
    expect(err).toBe('Unknown command: (vtysh)show ont optical-info0/0820');
    expect(cdata.cdataTelnet.errorLines.some((r) => r.test(err))).toBe(true);
    expect(cdata.cdataTelnet.pagers.some((r) => r.test("  --More ( Press 'Q' to quit )--"))).toBe(true);
  });

  it('encodes and decodes NSCRTV device indexes against the recorded ifIndex layout', () => {
    // pon0/0/1 = 16780544 (0x01000D00) on the recorded FD box with 8 GE + 4 XGE ports.
    expect(cdata.deviceIndex.ponIfIndex(1)).toBe(16780544);
    expect(cdata.deviceIndex.ponIfIndex(8)).toBe(16782336);
    const dev = cdata.deviceIndex.encode(16780544, 5);
    expect(dev).toBe(16780549);
    expect(cdata.deviceIndex.decode(dev)).toEqual({ ponIfIndex: 16780544, onuId: 5 });
    expect(cdata.deviceIndex.ponPortFromName('pon0/0/3')).toBe(3);
    expect(cdataGpon.serial.decode(cdataGpon.serial.encode('ZTEGC0A8B1C2'))).toBe('ZTEGC0A8B1C2');
    expect(cdataGpon.scale.rxDbm.decode(-2194)).toBe(-21.94);
    expect(cdataGpon.scale.rxDbm.decode(-1)).toBeNull();
    expect(cdataGpon.scale.rxDbm.encode(-21.94)).toBe(-2194);
    expect(cdataEpon.scale.voltageV.decode(330)).toBe(3.3);
  });
});

/** Expected values below are hand-typed from the capture files named in each test. */
describe('C-Data GPON V1 and V3 captures (COLETA-OLT FD1616GS V1.1.0, KusumaVision FD1608S V3.3.86)', () => {
  const unsupported = expect.objectContaining({ code: DriverErrorCode.UNSUPPORTED_OUTPUT });

  it('reads the V1 all-ONU table with its two-line header: 59 rows, ONU 4 offline/LOS, ONU 33 online/LOS', () => {
    const rows = cdata.parseOntInfoTable(cliSample('cdata/gpon-fd1616gs-v1-ont-info-all_coleta-olt.txt'));
    // `Total: 59,  online: 57` in the footer; ids 23, 45, 47, 50, 51 and 55 are absent.
    expect(rows).toHaveLength(59);
    expect(rows.filter((r) => r.runState === 'Online')).toHaveLength(57);
    expect(rows[0]).toEqual({
      frameSlot: '0/0',
      ponPort: 1,
      onuId: 1,
      mac: null,
      serial: 'TEST00000001',
      controlFlag: 'Active',
      runState: 'Online',
      configState: 'success',
      matchState: 'match',
      lastDownCause: 'dying-gasp',
      description: null,
    });
    expect(rows.find((r) => r.onuId === 4)).toMatchObject({
      serial: 'TEST00000004',
      runState: 'Offline',
      configState: 'initial',
      matchState: 'initial',
      lastDownCause: 'LOS',
    });
    expect(rows.find((r) => r.onuId === 33)).toMatchObject({
      serial: 'TEST00000020',
      runState: 'Online',
      lastDownCause: 'LOS',
    });
    expect(rows.find((r) => r.onuId === 60)).toMatchObject({ runState: 'Offline', lastDownCause: null });
    expect(rows.map((r) => r.onuId).slice(20, 24)).toEqual([21, 22, 24, 25]);
    expect(rows[58]).toMatchObject({ onuId: 65, serial: 'TEST0000003B', lastDownCause: 'LOS' });
  });

  it('reads the V3 table (ONT_ID, LAST_DOWN, DESC) and the V3 optical table order', () => {
    const text = cliSample('cdata/gpon-fd1608s-v3-ont-info-optical_kusumavision-doc.txt');
    expect(cdata.parseOntInfoTable(text)).toEqual([
      {
        frameSlot: '0/0',
        ponPort: 1,
        onuId: 1,
        mac: null,
        serial: 'CDTCAFD296DB',
        controlFlag: 'Active',
        runState: 'Online',
        configState: 'success',
        matchState: 'match',
        lastDownCause: null,
        description: 'SERVER-PENJAWI',
      },
    ]);
    expect(cdata.parseOntOpticalTable(text, 1)).toEqual([
      {
        ponPort: 1,
        onuId: 1,
        rxDbm: -18.83,
        txDbm: 1.56,
        oltRxDbm: -26.02,
        temperatureC: 41.55,
        voltageV: 3.26,
        biasMa: 11.55,
      },
    ]);
  });

  it('reads the V1 optical table (voltage first, offline ONUs as bare ids) and the OLT-side rx table', () => {
    const b = blocks('=====\n' + cliSample('cdata/gpon-fd1616gs-v1-optical-all_ddm-olt-rx_coleta-olt.txt'));
    const rows = cdata.parseOntOpticalTable(b[0].body);
    expect(rows).toHaveLength(17);
    expect(rows[0]).toEqual({
      ponPort: 1,
      onuId: 1,
      voltageV: 3.22,
      txDbm: 2.2,
      rxDbm: -18.23,
      oltRxDbm: null,
      biasMa: 19.8,
      temperatureC: 62.49,
    });
    expect(rows[3]).toEqual({
      ponPort: 1,
      onuId: 4,
      voltageV: null,
      txDbm: null,
      rxDbm: null,
      oltRxDbm: null,
      biasMa: null,
      temperatureC: null,
    });
    expect(rows.find((r) => r.onuId === 60)?.rxDbm).toBeNull();
    expect(rows.find((r) => r.onuId === 63)).toMatchObject({
      rxDbm: -26.77,
      txDbm: 2.39,
      temperatureC: 51.27,
    });
    // A single offline ONU answers with an error line: no reading, not zeros.
    expect(b[1].title).toBe('single offline ONU');
    expect(cdata.parseOntOptical(b[1].body)).toEqual({
      voltageV: null,
      txDbm: null,
      rxDbm: null,
      biasMa: null,
      temperatureC: null,
    });
    expect(cdata.parsePortDdmOnuRx(b[2].body)).toEqual([
      { onuId: 1, oltRxDbm: -22.83 },
      { onuId: 2, oltRxDbm: -28.23 },
      { onuId: 3, oltRxDbm: -20.45 },
      { onuId: 5, oltRxDbm: -21.48 },
      { onuId: 63, oltRxDbm: -30.45 },
      { onuId: 64, oltRxDbm: -18.96 },
      { onuId: 65, oltRxDbm: -28.23 },
    ]);
  });

  it('reads the V1 one-ONU page for an online and an offline ONU', () => {
    const b = blocks(cliSample('cdata/gpon-fd1616gs-v1-ont-info-one_online-offline_coleta-olt.txt'));
    expect(cdata.parseOntDetail(b[0].body)).toEqual({
      ponPort: 1,
      onuId: 1,
      runState: 'online',
      distanceM: 298,
      mac: null,
      serial: 'TEST00000001',
      lastUpTime: '2026-09-19 19:53:53',
      lastDownTime: '2026-09-19 19:52:48',
      lastDyingGaspTime: '2026-09-19 19:52:48',
      lastDownCause: 'dying-gasp',
      description: 'CLIENTE-001',
    });
    expect(cdata.parseOntDetail(b[1].body)).toEqual({
      ponPort: 1,
      onuId: 4,
      runState: 'offline',
      distanceM: null,
      mac: null,
      serial: 'TEST00000004',
      lastUpTime: '2026-10-02 06:15:39',
      lastDownTime: '2026-10-02 06:15:39',
      lastDyingGaspTime: '2026-09-28 19:13:15',
      lastDownCause: 'LOS',
      description: 'CLIENTE-002',
    });
    expect(cdataGpon.mapReason('LOS')).toBe('los');
  });

  it('reads the V1 alarm lines (raise and clear) and the V3 alarm table with its (clear) lines', () => {
    const b = blocks(cliSample('cdata/gpon-fd16xx-alarm-log-v1-v3_coleta-olt.txt'));
    const active = cdata.parseAlarmLog(b[0].body);
    expect(active).toHaveLength(11);
    expect(active[2]).toEqual({
      time: '2026-10-02 13:09:21',
      alarmId: null,
      level: null,
      frameSlot: '0/0',
      ponPort: 8,
      onuId: 66,
      uni: null,
      serial: null,
      name: 'Loss of frame for ONU(LOFi)',
      code: 'LOFi',
      cleared: false,
      clearTime: null,
    });
    expect(active[1]).toMatchObject({ ponPort: 6, onuId: 34, uni: '0/1', code: null });
    expect(active[10]).toMatchObject({ ponPort: 8, onuId: null, name: 'Do not support this tranceiver' });
    const history = cdata.parseAlarmLog(b[1].body);
    expect(history).toHaveLength(10);
    expect(history[2]).toMatchObject({
      time: '2026-10-02 13:21:01',
      ponPort: 5,
      onuId: 78,
      name: 'Dying gasp(DGi)',
      code: 'DGi',
      cleared: true,
      clearTime: '2026-10-02 13:21:01',
    });
    const v3 = cdata.parseAlarmLog(b[2].body);
    expect(v3).toHaveLength(8);
    expect(v3[0]).toEqual({
      time: '2026-10-02 19:50:10',
      alarmId: 100306,
      level: 'Warning',
      frameSlot: '0/0',
      ponPort: 1,
      onuId: 8,
      uni: null,
      serial: 'TEST000000F3',
      name: 'Dying gasp(DGi)',
      code: 'DGi',
      cleared: true,
      clearTime: '2026-10-02 19:50:55',
    });
    expect(v3[3]).toMatchObject({ alarmId: 1000509, onuId: 19, uni: '2', serial: 'TEST000000FE' });
    expect(v3[7]).toMatchObject({ ponPort: 2, onuId: 5, cleared: false, clearTime: null });
    expect(cdata.parseAlarmLog('show alarm active all\r\ntotal number : 0\r\n')).toEqual([]);
    expect(() => cdata.parseAlarmLog('% Unknown command')).toThrow(unsupported);
  });

  it('keys on labels: a reordered header reads the same, an unknown column or no header throws', () => {
    const v3 = [
      '  ONT_ID  Voltage(V)  Current(mA)  Temp(C)  OLT_Rx(dBm)  Tx(dBm)  Rx(dBm)',
      '  7       3.30        12.00        40.00    -25.00       2.00     -20.50',
    ].join('\n');
    expect(cdata.parseOntOpticalTable(v3, 2)).toEqual([
      {
        ponPort: 2,
        onuId: 7,
        voltageV: 3.3,
        biasMa: 12,
        temperatureC: 40,
        oltRxDbm: -25,
        txDbm: 2,
        rxDbm: -20.5,
      },
    ]);
    const unknown = '  ONT_ID  Rx(dBm)  Tx(dBm)  Bias2(uA)\n  1  -18.83  1.56  900';
    expect(() => cdata.parseOntOpticalTable(unknown)).toThrow(unsupported);
    expect(() => cdata.parseOntOpticalTable(unknown)).toThrow(/Bias2\(uA\)/);
    // Known labels but no rx column: the caller's reading is missing, so no rows are made up.
    expect(() => cdata.parseOntOpticalTable('  ONT_ID  Tx(dBm)  Temp(C)\n  1  1.56  40.00')).toThrow(
      /no rxDbm column/,
    );
    expect(() => cdata.parseOntInfoTable('Error:Get onu optical info fail!')).toThrow(DriverError);
    // An empty listing under a known header is zero rows.
    expect(
      cdata.parseOntInfoTable('  F/S P  ONT_ID  SN  CONTROL  RUN  CONFIG  MATCH  LAST_DOWN  DESC\n'),
    ).toEqual([]);
  });

  it('renders every layout so that the parsers read back the same rows', () => {
    const onus = [
      {
        ponPort: 3,
        onuId: 1,
        online: true,
        serial: 'CDTCAFD296DB',
        mac: '00:6d:61:bb:0d:e8',
        description: 'a b',
      },
      {
        ponPort: 3,
        onuId: 9,
        online: false,
        serial: 'TEST00000004',
        mac: 'c4:70:0b:89:51:60',
        lastDownCause: 'LOS',
      },
    ];
    for (const layout of ['epon', 'gponV1', 'gponV3'] as const) {
      const rows = cdata.parseOntInfoTable(cdata.renderOntInfoTable(onus, layout));
      expect(rows.map((r) => [r.ponPort, r.onuId, /^online$/i.test(r.runState)])).toEqual([
        [3, 1, true],
        [3, 9, false],
      ]);
      expect(rows.map((r) => r.serial ?? r.mac)).toEqual(
        layout === 'epon' ? ['00:6d:61:bb:0d:e8', 'c4:70:0b:89:51:60'] : ['CDTCAFD296DB', 'TEST00000004'],
      );
      if (layout !== 'gponV1') expect(rows[0].description).toBe('a b');
      if (layout !== 'epon') expect(rows[1].lastDownCause).toBe('LOS');
    }
    const optics = [
      {
        onuId: 1,
        online: true,
        rxDbm: -18.83,
        txDbm: 1.56,
        oltRxDbm: -26.02,
        voltageV: 3.26,
        biasMa: 11.55,
        temperatureC: 41.55,
      },
      {
        onuId: 4,
        online: false,
        rxDbm: null,
        txDbm: null,
        oltRxDbm: null,
        voltageV: null,
        biasMa: null,
        temperatureC: null,
      },
    ];
    for (const layout of ['v1', 'v3'] as const) {
      const back = cdata.parseOntOpticalTable(cdata.renderOntOpticalTable(2, optics, layout), 2);
      expect(back.map((r) => [r.ponPort, r.onuId, r.rxDbm, r.txDbm, r.voltageV])).toEqual([
        [2, 1, -18.83, 1.56, 3.26],
        [2, 4, null, null, null],
      ]);
      expect(back[0].oltRxDbm).toBe(layout === 'v3' ? -26.02 : null);
    }
    const detail = cdata.parseOntDetail(
      cdata.renderOntDetail(
        {
          ponPort: 1,
          onuId: 4,
          online: false,
          distanceM: 0,
          mac: 'c4:70:0b:89:51:60',
          serial: 'TEST00000004',
          lastUpTime: '2026-10-02 06:15:39',
          lastDownTime: '2026-10-02 06:15:39',
          lastDownCause: 'LOS',
        },
        'gponV1',
      ),
    );
    expect(detail).toMatchObject({
      onuId: 4,
      runState: 'offline',
      distanceM: null,
      serial: 'TEST00000004',
      lastDownCause: 'LOS',
    });
  });
});
