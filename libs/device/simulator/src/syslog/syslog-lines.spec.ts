import {
  bsdTimestamp,
  oltNoiseLine,
  onuDownLines,
  onuUpLines,
  routerAdminLine,
  routerPppLine,
  type OnuIdent,
} from './syslog-lines';

// 2026-11-20 09:05:07 UTC: a one-digit day would be padded with a blank (`Nov  8`).
const T = Date.UTC(2026, 10, 20, 9, 5, 7) / 1000;
const ONU: OnuIdent = { ponPort: 3, onuId: 17, mac: 'a0:94:6a:89:97:d0', serial: 'ZTEGce792257' };

describe('syslog lines: every family against hand-typed lines', () => {
  it('RFC 3164 time: month, day padded with a blank, UTC', () => {
    expect(bsdTimestamp(T)).toBe('Nov 20 09:05:07');
    expect(bsdTimestamp(Date.UTC(2026, 10, 8, 17, 6, 36) / 1000)).toBe('Nov  8 17:06:36');
    expect(bsdTimestamp(Date.UTC(2027, 0, 1, 0, 0, 0) / 1000)).toBe('Jan  1 00:00:00');
  });

  it('BDCOM EPON: the real %EPON-ONUREG datagram, with its trailing blank and NUL', () => {
    const f = { brand: 'bdcom', mode: 'epon' } as const;
    expect(onuDownLines(f, 'BDCOM-P3310C', ONU, 'power-off', T)).toEqual([
      '<190>Nov 20 09:05:07 BDCOM-P3310C %EPON-ONUREG: ONU a094.6a89.97d0 is deregistered on EPON0/3:17. \0',
    ]);
    expect(onuUpLines(f, 'BDCOM-P3310C', ONU, 'power-off', T)).toEqual([
      '<190>Nov 20 09:05:07 BDCOM-P3310C %EPON-ONUREG: ONU a094.6a89.97d0 is registered on EPON0/3:17. \0',
    ]);
    expect(oltNoiseLine(f, 'BDCOM-P3310C', ONU, T, '127.0.0.1')).toBe(
      "<190>Nov 20 09:05:07 BDCOM-P3310C %OLT: Interface EPON0/3:17's OAM Operational Status: Operational \0",
    );
  });

  it('BDCOM GPON (inferred): the EPON line with %GPON-ONUREG and the GPON interface', () => {
    const f = { brand: 'bdcom', mode: 'gpon' } as const;
    expect(onuDownLines(f, 'BDCOM GP3600', ONU, 'los', T)).toEqual([
      '<190>Nov 20 09:05:07 BDCOM-GP3600 %GPON-ONUREG: ONU a094.6a89.97d0 is deregistered on GPON0/3:17. \0',
    ]);
    expect(onuUpLines(f, 'BDCOM-GP3600', ONU, 'los', T)).toEqual([
      '<190>Nov 20 09:05:07 BDCOM-GP3600 %GPON-ONUREG: ONU a094.6a89.97d0 is registered on GPON0/3:17. \0',
    ]);
  });

  it('V-SOL GPON: the oamlog columns (event padded to 25) after an RFC 3164 header; down events by reason', () => {
    const f = { brand: 'vsol', mode: 'gpon' } as const;
    expect(onuUpLines(f, 'gpon-olt', ONU, 'los', T)).toEqual([
      '<190>Nov 20 09:05:07 gpon-olt ONU Online               PON 0/3 ONU 17 sn ZTEGce792257',
    ]);
    expect(onuDownLines(f, 'gpon-olt', ONU, 'power-off', T)).toEqual([
      '<188>Nov 20 09:05:07 gpon-olt ONU Dying Gasp           PON 0/3 ONU 17 sn ZTEGce792257',
    ]);
    expect(onuDownLines(f, 'gpon-olt', ONU, 'los', T)).toEqual([
      '<188>Nov 20 09:05:07 gpon-olt ONU LOS                  PON 0/3 ONU 17 sn ZTEGce792257',
    ]);
    expect(onuDownLines(f, 'gpon-olt', ONU, 'reboot', T)).toEqual([
      '<188>Nov 20 09:05:07 gpon-olt ONU Offline              PON 0/3 ONU 17 sn ZTEGce792257  Reboot',
    ]);
    expect(oltNoiseLine(f, 'gpon-olt', null, T, '127.0.0.1')).toBe(
      '<190>Nov 20 09:05:07 gpon-olt User Login               User admin logged in from 127.0.0.1 on vty',
    );
  });

  it('V-SOL EPON (inferred): the ONU by MAC; the firmware says Power Off or Wire Down only', () => {
    const f = { brand: 'vsol', mode: 'epon' } as const;
    expect(onuUpLines(f, 'epon-olt', ONU, 'los', T)).toEqual([
      '<190>Nov 20 09:05:07 epon-olt ONU Online               PON 0/3 ONU 17 mac a0:94:6a:89:97:d0',
    ]);
    expect(onuDownLines(f, 'epon-olt', ONU, 'los', T)).toEqual([
      '<188>Nov 20 09:05:07 epon-olt ONU Offline              PON 0/3 ONU 17 mac a0:94:6a:89:97:d0  Wire Down',
    ]);
  });

  it('C-Data: power loss raises DGi, LOSi and LOFi; a fibre loss LOSi and LOFi; the return clears them', () => {
    const f = { brand: 'cdata', mode: 'gpon' } as const;
    expect(onuDownLines(f, 'OLT', ONU, 'power-off', T)).toEqual([
      '<188>Nov 20 09:05:07 OLT PON 0/0/3 ONU 17 Dying gasp(DGi)',
      '<187>Nov 20 09:05:07 OLT PON 0/0/3 ONU 17 Loss of signal for ONU(LOSi)',
      '<187>Nov 20 09:05:07 OLT PON 0/0/3 ONU 17 Loss of frame for ONU(LOFi)',
    ]);
    expect(onuUpLines(f, 'OLT', ONU, 'power-off', T)).toEqual([
      '<190>Nov 20 09:05:07 OLT PON 0/0/3 ONU 17 Dying gasp(DGi) clear',
      '<190>Nov 20 09:05:07 OLT PON 0/0/3 ONU 17 Loss of signal for ONU(LOSi) clear',
      '<190>Nov 20 09:05:07 OLT PON 0/0/3 ONU 17 Loss of frame for ONU(LOFi) clear',
    ]);
    expect(onuDownLines({ brand: 'cdata', mode: 'epon' }, 'OLT', ONU, 'los', T)).toEqual([
      '<187>Nov 20 09:05:07 OLT PON 0/0/3 ONU 17 Loss of signal for ONU(LOSi)',
      '<187>Nov 20 09:05:07 OLT PON 0/0/3 ONU 17 Loss of frame for ONU(LOFi)',
    ]);
    expect(oltNoiseLine(f, 'OLT', ONU, T, '127.0.0.1')).toBe(
      '<190>Nov 20 09:05:07 OLT PON 0/0/3 ONU 17 The ONT Tx power becomes normal',
    );
  });

  it('AVIES (HSGQ) EPON: [time]  Level: ONU P/N MAC … with its Reason', () => {
    const f = { brand: 'avies', mode: 'epon' } as const;
    expect(onuDownLines(f, 'AVIES-EPON', ONU, 'los', T)).toEqual([
      '<188>Nov 20 09:05:07 AVIES-EPON [2026/11/20 09:05:07]  Warning: ONU 3/17 a0:94:6a:89:97:d0 Onu deregister, Reason:Laser out',
    ]);
    expect(onuDownLines(f, 'AVIES-EPON', ONU, 'power-off', T)).toEqual([
      '<188>Nov 20 09:05:07 AVIES-EPON [2026/11/20 09:05:07]  Warning: ONU 3/17 a0:94:6a:89:97:d0 ONU dying gasp, Reason:',
    ]);
    expect(onuDownLines(f, 'AVIES-EPON', ONU, 'reboot', T)).toEqual([
      '<190>Nov 20 09:05:07 AVIES-EPON [2026/11/20 09:05:07]  Info: ONU 3/17 a0:94:6a:89:97:d0 Onu deregister, Reason:Manual Deregister',
    ]);
    expect(onuUpLines(f, 'AVIES-EPON', ONU, 'los', T)).toEqual([
      '<190>Nov 20 09:05:07 AVIES-EPON [2026/11/20 09:05:07]  Info: ONU 3/17 a0:94:6a:89:97:d0 ONU authorization success, Reason:',
    ]);
  });

  it('AVIES (HSGQ) GPON: ONT P/N SN …, LOS as the GPON reason word', () => {
    const f = { brand: 'avies', mode: 'gpon' } as const;
    const ont = { ...ONU, onuId: 0 };
    expect(onuDownLines(f, 'AVIES-GPON', ont, 'los', T)).toEqual([
      '<188>Nov 20 09:05:07 AVIES-GPON [2026/11/20 09:05:07]  Warning: ONT 3/0 ZTEGce792257 ONT deregister, Reason:LOS',
    ]);
    expect(onuUpLines(f, 'AVIES-GPON', ont, 'los', T)).toEqual([
      '<190>Nov 20 09:05:07 AVIES-GPON [2026/11/20 09:05:07]  Info: ONT 3/0 ZTEGce792257 ONT authorization success, Reason:',
    ]);
  });

  it('MikroTik: RouterOS default remote format, no time and no host', () => {
    expect(routerPppLine('rahim482@isp', 'down')).toBe(
      '<30>pppoe,ppp,info <pppoe-rahim482@isp>: disconnected',
    );
    expect(routerPppLine('rahim482@isp', 'up')).toBe('<30>pppoe,ppp,info <pppoe-rahim482@isp>: connected');
    expect(routerAdminLine(true, '127.0.0.1')).toBe(
      '<30>system,info,account user admin logged in from 127.0.0.1 via winbox',
    );
    expect(routerAdminLine(false, '127.0.0.1')).toBe(
      '<30>system,info,account user admin logged out from 127.0.0.1 via winbox',
    );
  });
});
