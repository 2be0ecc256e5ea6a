import { bdcomEpon, bdcomGpon, bdcom } from './index';
import { blocks, cliSample } from '../testing/device-data';

describe('BDCOM EPON CLI parsers on real rows', () => {
  it('parses active-onu rows including glued columns, P3310C dates and N/A dereg time', () => {
    const rows = bdcomEpon.parseActiveOnus(cliSample('bdcom/epon-active-onu_rows_ndce.txt'));
    expect(rows).toHaveLength(5);
    expect(rows[0]).toEqual({
      ifName: 'EPON0/2:40',
      ponPort: 2,
      onuId: 40,
      mac: 'a0:94:6a:89:97:d0',
      status: 'auto-configured',
      oamStatus: 'ctc-oam-oper',
      distanceM: 376,
      rtt: 232,
      lastRegTime: '2024-08-31 02:57:27',
      lastDeregTime: '2024-08-31 02:21:43',
      lastDeregReasonRaw: 'power-off',
      lastDeregReason: 'power-off',
      aliveTime: '79 .11:25:25',
    });
    expect(rows[1]).toMatchObject({
      ifName: 'EPON0/5:2',
      lastRegTime: '1970.09.05.05:01:45',
      lastDeregReason: 'wire-down',
    });
    expect(rows[2]).toMatchObject({
      ifName: 'EPON0/10:64',
      lastDeregTime: null,
      lastDeregReasonRaw: 'unknow',
      lastDeregReason: 'unknown',
    });
    // `EPON0/12:13a0e8.e6d3.fa37`: the ONU id runs into the MAC.
    expect(rows[4]).toMatchObject({
      ponPort: 12,
      onuId: 13,
      mac: 'a0:e8:e6:d3:fa:37',
      aliveTime: '19435.16:51:03',
    });
  });

  it('parses inactive-onu rows and splits the glued `EPON0/15:5410f7.a6c4.cfb6`', () => {
    const rows = bdcomEpon.parseInactiveOnus(cliSample('bdcom/epon-inactive-onu_rows_ndce.txt'));
    expect(rows.map((r) => [r.ifName, r.mac, r.status, r.lastDeregReason, r.absentTime])).toEqual([
      ['EPON0/5:19', 'a0:34:61:81:93:a8', 'lost', 'power-off', '217.18:17:56'],
      ['EPON0/3:61', '98:45:62:cd:90:50', 'deregistered', 'wire-down', '0.01:17:55'],
      ['EPON0/15:54', '10:f7:a6:c4:cf:b6', 'lost', 'wire-down', '19401.16:22:48'],
    ]);
    expect(rows[1].lastRegTime).toBe('2024.01.24.09:04:38');
  });

  it('parses onu-information with 80-column wraps (headers, separators and rows)', () => {
    const b = blocks(cliSample('bdcom/epon-onu-info_active_inactive_headers_nestjs-vendor.txt'));
    expect(b.map((x) => x.title)).toEqual([
      'show epon onu-information interface epon0/8 15',
      'show epon active-onu interface epon0/8 15',
      'show epon inactive-onu interface epon0/8 25',
    ]);
    expect(bdcomEpon.parseOnuInformation(b[0].body)).toEqual([
      {
        ifName: 'EPON0/8:15',
        ponPort: 8,
        onuId: 15,
        vendor: 'PICO',
        model: 'E910',
        mac: '70:a5:6a:dd:7e:1d',
        description: null,
        bindType: 'static',
        status: 'deregistered',
        deregReasonRaw: 'power-off',
        deregReason: 'power-off',
      },
    ]);
    const active = bdcomEpon.parseActiveOnus(b[1].body);
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({
      distanceM: 1180,
      rtt: 728,
      lastRegTime: '2000-05-08 18:28:48',
      aliveTime: '0  .00:39:31',
    });
    const inactive = bdcomEpon.parseInactiveOnus(b[2].body);
    expect(inactive).toEqual([
      expect.objectContaining({
        ifName: 'EPON0/8:25',
        mac: '80:f7:a6:07:ce:31',
        status: 'lost',
        absentTime: '72 .05:29:13',
      }),
    ]);
  });

  it('parses onu-information rows whose vendor or status touch the next column', () => {
    const noc = bdcomEpon.parseOnuInformation(cliSample('bdcom/epon-onu-information_header_noc.txt'));
    expect(noc.map((r) => [r.ifName, r.vendor, r.model, r.mac, r.status, r.deregReason])).toEqual([
      ['EPON0/13:9', 'VSOL', 'D401', '00:6d:61:d4:6b:f8', 'auto-configured', null],
      ['EPON0/13:10', 'xPON', '101Z', 'e0:e8:e6:1f:07:59', 'auto-configured', null],
      ['EPON0/3:38', 'VSOL', 'D401', '00:6d:61:d3:ee:10', 'auto-configuring', null],
    ]);
    const ndce = bdcomEpon.parseOnuInformation(cliSample('bdcom/epon-onu-information_rows_ndce.txt'));
    expect(ndce.map((r) => [r.ifName, r.vendor, r.description])).toEqual([
      ['EPON0/1:53', 'FHTT', 'PPPoE10-300M'],
      ['EPON0/10:10', 'PICO', null],
      ['EPON0/1:56', 'FGEP', 'Olimp-1754'],
    ]);
  });

  it('parses ONU-side and OLT-side optics', () => {
    expect(bdcomEpon.parseOnuOptics(cliSample('bdcom/epon-onu-ctc-optical_ndce.txt'))).toEqual({
      temperatureC: 3,
      voltageV: 3.4,
      biasMa: 14.4,
      txDbm: 2.2,
      rxDbm: -17.7,
    });
    expect(bdcomEpon.parseOltSideRx(cliSample('bdcom/epon-olt-side-rx_ndce.txt'))).toEqual([
      { ponPort: 1, onuId: 53, rxDbm: -24.6 },
    ]);
  });

  it('parses the MAC table and skips uplink rows for ONU location', () => {
    const rows = bdcom.parseBdcomMacTable(cliSample('bdcom/mac-address-table_rows_ndce.txt'));
    expect(rows.map((r) => [r.vlan, r.mac, r.port, r.ponPort, r.onuId])).toEqual([
      [889, '84:76:fa:9c:40:23', 'g0/6', null, null],
      [212, 'f8:d1:11:97:1c:73', 'epon0/2:59', 2, 59],
      [111, '78:54:2e:b0:f6:20', 'tg0/6', null, null],
    ]);
  });

  it('parses show cpu', () => {
    expect(bdcom.parseBdcomCpu(cliSample('bdcom/cpu_ndce.txt'))).toEqual({
      oneSecond: 14,
      oneMinute: 12,
      fiveMinutes: 12,
    });
  });
});

describe('BDCOM GPON CLI parsers on real rows', () => {
  it('parses active and inactive rows', () => {
    const text = cliSample('bdcom/gpon-active-inactive-onu_rows_ndce.txt');
    expect(bdcomGpon.parseActiveOnus(text)).toEqual([
      {
        ifName: 'GPON0/2:125',
        ponPort: 2,
        onuId: 125,
        serial: 'FHTT:6A1184B7',
        loid: null,
        lastRegTime: '2024-11-03 21:24:58',
        aliveTime: '0014d:12:45:40',
        distanceM: 962.5,
      },
    ]);
    expect(bdcomGpon.parseInactiveOnus(text)).toEqual([
      {
        ifName: 'GPON0/1:126',
        ponPort: 1,
        onuId: 126,
        serial: 'FHTT:6A89B080',
        loid: null,
        status: 'off-line',
        lastDeregTime: '2023-11-29 12:37:03',
        lastDeregReasonRaw: 'Los',
        lastDeregReason: 'los',
      },
    ]);
  });

  it('parses onu-information and both optics tables', () => {
    expect(
      bdcomGpon.parseOnuInformation(cliSample('bdcom/gpon-onu-information_row_php-comment.txt')),
    ).toEqual([
      expect.objectContaining({
        ifName: 'GPON0/1:1',
        vendor: 'HWTC',
        model: 'HG8145V5',
        serial: 'HWTC:5F593DA5',
        state: 'active',
        configState: 'success',
        time: '2026-03-14 16:30:32',
      }),
    ]);
    const ru = cliSample('bdcom/gpon-onu-optical_header_ru-bot.txt');
    expect(bdcomGpon.parseOnuOptics(ru)).toEqual([
      { ponPort: 6, onuId: 1, temperatureC: 62.2, voltageV: 3.3, biasMa: 14.3, rxDbm: -22.1, txDbm: 2 },
    ]);
    expect(bdcomGpon.parseOltSideRx(ru)).toEqual([{ ponPort: 6, onuId: 1, rxDbm: -27.2 }]);
    expect(bdcomGpon.parseOnuOptics(cliSample('bdcom/gpon-onu-optical_ndce.txt'))).toEqual([
      { ponPort: 1, onuId: 1, temperatureC: 39, voltageV: 3.4, biasMa: 13.5, rxDbm: -14.1, txDbm: 2.3 },
    ]);
  });

  it('parses every block of the workbranch poll transcript with its parser', () => {
    const b = blocks(cliSample('bdcom/epon-gpon-poll-blocks_workbranch.txt'));
    expect(b).toHaveLength(10);
    const body = (i: number) => b[i].body.split('\n').slice(1).join('\n');
    expect(bdcom.parseBdcomMacTable(body(0))).toEqual([
      { vlan: 341, mac: '08:8a:f1:7f:ff:11', type: 'DYNAMIC', port: 'gpon0/11:1-1', ponPort: 11, onuId: 1 },
    ]);
    expect(bdcomGpon.parseActiveOnus(body(1))[0]).toMatchObject({
      serial: 'FGXP:15A2E80B',
      aliveTime: '0005d:12:28:57',
      distanceM: 635.3,
    });
    expect(bdcomGpon.parseOnuOptics(body(2))[0]).toMatchObject({
      ponPort: 11,
      onuId: 1,
      rxDbm: -23.3,
      txDbm: 2.6,
      temperatureC: 36.5,
    });
    expect(bdcom.parseBdcomMacTable(body(3))[0]).toMatchObject({
      mac: '1c:ef:03:aa:69:49',
      ponPort: 4,
      onuId: 8,
    });
    expect(bdcomEpon.parseActiveOnus(body(4))[0]).toMatchObject({
      ifName: 'EPON0/4:8',
      distanceM: 3454,
      lastDeregReason: 'wire-down',
    });
    // Partial output: missing lines stay null, never 0.
    expect(bdcomEpon.parseOnuOptics(body(5))).toEqual({
      temperatureC: 31,
      voltageV: null,
      biasMa: null,
      txDbm: 2.6,
      rxDbm: -19.7,
    });
    expect(bdcomGpon.parseActiveOnus(body(8))).toEqual([]);
    const errorLine = body(9).split('\n')[0];
    expect(bdcom.bdcomTelnet.errorLines.some((r) => r.test(errorLine))).toBe(true);
  });

  it('reads the onu basic-info history out of the sanitized HTML poll log', () => {
    const text = cliSample('bdcom/gpon-poll-session_workbranch.html')
      .replace(/<br>/g, '\n')
      .replace(/<[^>]+>/g, '');
    expect(bdcomGpon.parseBasicInfoHistory(text)).toEqual([
      {
        index: 1,
        upTime: '2026-08-07 16:51:50',
        downTime: '2026-08-10 12:20:10',
        reasonRaw: 'reboot',
        reason: 'reboot',
      },
      { index: 2, upTime: '2026-08-10 12:21:01', downTime: null, reasonRaw: null, reason: null },
    ]);
    expect(bdcomGpon.parseActiveOnus(text)[0]).toMatchObject({
      ifName: 'GPON0/8:29',
      serial: 'TEST:15A2D643',
      distanceM: 1605.7,
    });
    expect(bdcomGpon.parseOnuOptics(text)[0]).toMatchObject({ rxDbm: -16.8 });
    expect(bdcom.parseBdcomMacTable(text)[0]).toMatchObject({ vlan: 254, ponPort: 8, onuId: 29 });
  });

  it('renders rows the parsers read back (simulator contract)', () => {
    const text = bdcomGpon.renderInactiveOnus('GPON0/3', [
      {
        ifName: 'GPON0/3:7',
        serial: 'ZTEG:C0A8B1C2',
        loid: null,
        status: 'off-line',
        lastDeregTime: '2026-01-02 03:04:05',
        lastDeregReasonRaw: 'LOSi',
      },
    ]);
    expect(bdcomGpon.parseInactiveOnus(text)[0]).toMatchObject({
      ponPort: 3,
      onuId: 7,
      lastDeregReason: 'los',
      lastDeregReasonRaw: 'LOSi',
    });
    const active = bdcomEpon.renderActiveOnus('EPON0/1', [
      {
        ifName: 'EPON0/1:12',
        mac: 'a0:94:6a:89:97:d0',
        status: 'auto-configured',
        oamStatus: 'ctc-oam-oper',
        distanceM: 1234,
        rtt: 800,
        lastRegTime: '2026-01-01 00:00:00',
        lastDeregTime: null,
        lastDeregReasonRaw: null,
        aliveTime: '1 .02:03:04',
      },
    ]);
    expect(bdcomEpon.parseActiveOnus(active)[0]).toMatchObject({
      onuId: 12,
      mac: 'a0:94:6a:89:97:d0',
      distanceM: 1234,
      lastDeregTime: null,
    });
  });
});
