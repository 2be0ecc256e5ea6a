/** The simulator renders CLI output with these functions; each must read back through its parser unchanged. */
import { bdcomEpon, bdcomGpon, cdata, hsgq, vsolEpon, vsolGpon } from './index';

describe('renderers read back through the parsers', () => {
  it('BDCOM', () => {
    const info = {
      ifName: 'EPON0/3:38',
      vendor: 'VSOL',
      model: 'D401',
      mac: '00:6d:61:d3:ee:10',
      description: 'pppoe-x',
      bindType: 'static',
      status: 'auto-configured',
      deregReasonRaw: 'wire-down',
    };
    expect(bdcomEpon.parseOnuInformation(bdcomEpon.renderOnuInformation('EPON0/3', [info]))).toEqual([
      { ...info, ponPort: 3, onuId: 38, deregReason: 'wire-down' },
    ]);
    expect(
      bdcomEpon.parseOltSideRx(bdcomEpon.renderOltSideRx([{ ponPort: 1, onuId: 53, rxDbm: -24.6 }])),
    ).toEqual([{ ponPort: 1, onuId: 53, rxDbm: -24.6 }]);
    const opt = { temperatureC: 31, voltageV: 3.4, biasMa: 14.4, txDbm: 2.2, rxDbm: -17.7 };
    expect(bdcomEpon.parseOnuOptics(bdcomEpon.renderOnuOptics(opt))).toEqual(opt);
    const inactive = {
      ifName: 'EPON0/8:25',
      mac: '80:f7:a6:07:ce:31',
      status: 'lost',
      lastRegTime: '2000-02-26 13:48:37',
      lastDeregTime: '2000-02-26 13:51:37',
      lastDeregReasonRaw: 'power-off',
      absentTime: '72 .05:29:13',
    };
    expect(bdcomEpon.parseInactiveOnus(bdcomEpon.renderInactiveOnus('EPON0/8', [inactive]))).toEqual([
      { ...inactive, ponPort: 8, onuId: 25, lastDeregReason: 'power-off' },
    ]);

    const gInfo = {
      ifName: 'GPON0/1:1',
      vendor: 'HWTC',
      model: 'HG8145V5',
      serial: 'HWTC:5F593DA5',
      loid: null,
      state: 'active',
      configState: 'success',
      time: '2026-03-14 16:30:32',
    };
    expect(bdcomGpon.parseOnuInformation(bdcomGpon.renderOnuInformation([gInfo]))).toEqual([
      { ...gInfo, ponPort: 1, onuId: 1 },
    ]);
    const gOpt = {
      ponPort: 11,
      onuId: 1,
      temperatureC: 36.5,
      voltageV: 3.4,
      biasMa: 12.1,
      rxDbm: -23.3,
      txDbm: 2.6,
    };
    expect(bdcomGpon.parseOnuOptics(bdcomGpon.renderOnuOptics([gOpt]))).toEqual([gOpt]);
    expect(
      bdcomGpon.parseOltSideRx(bdcomGpon.renderOltSideRx([{ ponPort: 6, onuId: 1, rxDbm: -27.2 }])),
    ).toEqual([{ ponPort: 6, onuId: 1, rxDbm: -27.2 }]);
    const active = {
      ifName: 'GPON0/11:1',
      serial: 'FGXP:15A2E80B',
      loid: null,
      lastRegTime: '2026-07-20 20:05:00',
      aliveTime: '0005d:12:28:57',
      distanceM: 635.3,
    };
    expect(bdcomGpon.parseActiveOnus(bdcomGpon.renderActiveOnus('GPON0/11', [active]))).toEqual([
      { ...active, ponPort: 11, onuId: 1 },
    ]);
    const basic = bdcomGpon.renderBasicInfo({
      serial: 'TEST:15A2D643',
      distanceM: 1605.7,
      onlineDuration: '0h 31m 31s',
      history: [
        { upTime: '2026-08-07 16:51:50', downTime: '2026-08-10 12:20:10', reasonRaw: 'Dying Gasp' },
        { upTime: '2026-08-10 12:21:01', downTime: null, reasonRaw: null },
      ],
    });
    expect(bdcomGpon.parseBasicInfoHistory(basic).map((h) => [h.downTime, h.reason])).toEqual([
      ['2026-08-10 12:20:10', 'power-off'],
      [null, null],
    ]);
  });

  it('V-SOL', () => {
    const status = {
      ifName: 'EPON0/1:2',
      statusRaw: 'offline',
      mac: 'aa:bb:cc:dd:ee:02',
      distanceM: null,
      rtt: 0,
      lastRegTime: null,
      lastDeregTime: '2026/06/01 08:07:32',
      lastDeregReasonRaw: 'Power Off',
      aliveTime: '0 00:00:00',
      description: null,
    };
    expect(vsolEpon.parseStatusRows(vsolEpon.renderStatusRows([status]))).toEqual([
      { ...status, ponPort: 1, onuId: 2, status: 'offline', lastDeregReason: 'power-off' },
    ]);
    const opm = {
      ifName: 'EPON0/2:29',
      ponPort: 2,
      onuId: 29,
      temperatureC: 42.91,
      voltageV: 3.26,
      biasMa: 27.54,
      txDbm: 2.22,
      rxDbm: -20.97,
    };
    expect(vsolEpon.parseOpmDiag(vsolEpon.renderOpmDiag([opm]))).toEqual([opm]);
    const auth = { ifName: 'EPON0/1:2', llid: 3, mac: '98:2a:0a:a0:25:b9', rtt: 672, description: null };
    expect(vsolEpon.parseAuthInfo(vsolEpon.renderAuthInfo([auth], [true]))).toEqual([
      { ...auth, ponPort: 1, onuId: 2, status: 'online' },
    ]);
    const macs = [{ vlan: 1000, mac: '54:6c:ac:25:e6:cf', ponPort: 1, onuId: 2 }];
    expect(vsolEpon.parseOnuMacTable(vsolEpon.renderOnuMacTable(macs))).toEqual(macs);

    const state = vsolGpon.renderOnuState(1, [
      { onuId: 2, phase: 'working', serial: 'GPON0CE43515' },
      { onuId: 9, phase: 'offline', serial: 'GPON225E4B77' },
    ]);
    expect(vsolGpon.parseOnuState(state).map((r) => [r.onuId, r.status])).toEqual([
      [2, 'online'],
      [9, 'offline'],
    ]);
    expect(vsolGpon.parseOnuStateSummary(state)).toEqual({ ponPort: 1, total: 2, working: 1 });
    expect(
      vsolGpon.parseOnuInfo(vsolGpon.renderOnuInfo(1, [{ onuId: 9, model: null, serial: 'GPON225E4B77' }])),
    ).toEqual([
      {
        ifName: 'GPON0/1:9',
        ponPort: 1,
        onuId: 9,
        model: null,
        profile: 'default',
        mode: 'sn',
        authInfo: 'GPON225E4B77',
      },
    ]);
    const o = { rxDbm: -18.15, txDbm: 2.54, voltageV: 3.26, biasMa: 11.29, temperatureC: 54.5 };
    expect(vsolGpon.parseOpticalInfo(vsolGpon.renderOpticalInfo(o))).toEqual(o);
    const rx = [
      { onuId: 2, rxDbm: -18.15 },
      { onuId: 9, rxDbm: null },
    ];
    expect(vsolGpon.parseRxPowerAll(vsolGpon.renderRxPowerAll(rx))).toEqual(rx);
    const gm = [{ vlan: 111, mac: '02:28:9a:89:6a:98', ponPort: 1, onuId: 8 }];
    expect(vsolGpon.parseMacTable(vsolGpon.renderMacTable(1, gm))).toEqual(gm);
  });

  it('C-Data and HSGQ', () => {
    const table = cdata.renderOntInfoTable([
      { ponPort: 1, onuId: 6, mac: '00:6d:61:bb:0d:e8', online: false, description: 'x-1' },
    ]);
    expect(cdata.parseOntInfoTable(table)).toEqual([
      expect.objectContaining({
        ponPort: 1,
        onuId: 6,
        mac: '00:6d:61:bb:0d:e8',
        runState: 'offline',
        description: 'x-1',
      }),
    ]);
    const optical = {
      ponPort: 8,
      onuId: 20,
      mac: '80:07:1b:b3:b4:80',
      voltageV: 3.39,
      txDbm: 1.89,
      rxDbm: -19.28,
      biasMa: 13,
      temperatureC: 31.3,
    };
    expect(cdata.parseOntOptical(cdata.renderOntOptical(optical))).toEqual({
      voltageV: 3.39,
      txDbm: 1.89,
      rxDbm: -19.28,
      biasMa: 13,
      temperatureC: 31.3,
    });
    const detail = cdata.parseOntDetail(
      cdata.renderOntDetail({
        ponPort: 2,
        onuId: 3,
        online: false,
        distanceM: 1972,
        mac: 'c4:70:0b:89:51:60',
        lastUpTime: '2026-05-22 00:30:53',
        lastDownTime: '2026-05-22 01:29:28',
        lastDownCause: 'LOS',
      }),
    );
    expect(detail).toMatchObject({
      ponPort: 2,
      onuId: 3,
      runState: 'offline',
      distanceM: 1972,
      lastDownCause: 'LOS',
      description: null,
    });

    const onus = [
      {
        ponPort: 1,
        onuId: 27,
        mac: '30:c5:0f:d8:7f:2c',
        statusRaw: 'Online',
        regTime: '2026/01/01 01:00:31',
        name: 'ONU01/27',
        description: 'pppoe-27',
      },
      {
        ponPort: 1,
        onuId: 28,
        mac: '30:c5:0f:d8:7f:2d',
        statusRaw: 'Offline',
        regTime: '2026/01/01 01:00:35',
        name: 'ONU01/28',
        description: null,
      },
    ];
    const text = hsgq.renderOnuInfoAll(onus);
    expect(hsgq.parseOnuInfoAll(text).map((r) => [r.onuId, r.status, r.regTime, r.description])).toEqual([
      [27, 'online', '2026/01/01 01:00:31', 'pppoe-27'],
      [28, 'offline', '2026/01/01 01:00:35', null],
    ]);
    expect(hsgq.parseOnuInfoTotals(text)).toEqual({ total: 2, online: 1, offline: 1 });
    const opt = {
      ponPort: 1,
      onuId: 27,
      name: 'ONU01/27',
      mac: '30:c5:0f:d8:7f:2c',
      temperatureC: 56,
      voltageV: 3.29,
      biasMa: 10,
      txDbm: 2.0336,
      rxDbm: -11.986,
    };
    expect(hsgq.parseOpticalInfo(hsgq.renderOpticalInfo([opt]))).toEqual([opt]);
    const ev = hsgq.renderEventLine({
      time: '2026/01/01 01:12:51',
      ponPort: 1,
      onuId: 27,
      mac: '30:c5:0f:d8:7f:2c',
      text: 'Onu deregister',
      reason: 'Manual Deregister',
    });
    expect(hsgq.parseEventLine(ev)).toMatchObject({
      ponPort: 1,
      onuId: 27,
      text: 'Onu deregister',
      reasonRaw: 'Manual Deregister',
    });
  });
});
