import {
  bdcomEpon,
  bdcomGpon,
  cdata,
  cdataGpon,
  codec,
  hsgq,
  switchOptics,
  vsolEpon,
  vsolGpon,
} from './index';

describe('value codecs decode device units and encode them back', () => {
  it('V-SOL EPON optics: the dBm is in brackets, not the mW', () => {
    expect(vsolEpon.scale.rxDbm.decode('0.03 mW (-14.61 dBm)')).toBe(-14.61);
    expect(vsolEpon.scale.txDbm.decode('2.38 mW (3.77 dBm)')).toBe(3.77);
    expect(vsolEpon.scale.rxDbm.decode(vsolEpon.scale.rxDbm.encode(-21.3))).toBe(-21.3);
    expect(vsolEpon.scale.temperatureC.decode('30.67 C')).toBe(30.67);
    expect(vsolEpon.scale.pon.temperatureC.decode('27.84 .C')).toBe(27.84);
    expect(vsolEpon.scale.pon.txDbm.decode('6.56 dbm')).toBe(6.56);
    expect(vsolEpon.description('NULL')).toBeNull();
  });

  it('BDCOM EPON integer units and offline sentinels (null, never 0)', () => {
    expect(bdcomEpon.scale.rxDbm.decode(-213)).toBe(-21.3);
    expect(bdcomEpon.scale.rxDbm.encode(-21.3)).toBe(-213);
    for (const s of [0, -65535, 65535, 2147483648, -2147483648])
      expect(bdcomEpon.scale.rxDbm.decode(s)).toBeNull();
    expect(bdcomEpon.scale.temperatureC.decode(7936)).toBe(31);
    expect(bdcomEpon.scale.temperatureC.encode(31)).toBe(7936);
    expect(bdcomEpon.scale.voltageV.decode(33000)).toBe(3.3);
    expect(bdcomEpon.scale.biasMa.decode(7200)).toBe(14.4);
    expect(bdcomEpon.scale.biasMa.encode(14.4)).toBe(7200);
    expect(bdcomGpon.scale.rxDbm.decode(bdcomGpon.scale.rxDbm.encode(-23.3))).toBe(-23.3);
  });

  it('HSGQ centi-units and the switch formats', () => {
    expect(hsgq.snmpScale.rxDbm.decode(-2400)).toBe(-24);
    expect(hsgq.snmpScale.voltageV.decode(330)).toBe(3.3);
    expect(hsgq.snmpScale.temperatureC.decode(3748)).toBe(37.48);
    expect(hsgq.unitNumber('-3.3003 dBm')).toBe(-3.3003);
    expect(hsgq.unitNumber('')).toBeNull();
    expect(hsgq.unitNumber('-')).toBeNull();
    expect(switchOptics.snr.scale.rxDbm.decode('-9.60')).toBe(-9.6);
    expect(switchOptics.snr.scale.rxDbm.decode('NULL')).toBeNull();
    expect(switchOptics.snr.scale.rxDbm.decode('0.77(A+)')).toBe(0.77);
    expect(switchOptics.snr.scale.txDbm.decode('-0.00(A-)')).toBeNull();
    expect(switchOptics.entitySensorValue(-47, 9, 1)).toBe(-4.7);
    expect(switchOptics.entitySensorValue(61, 8, 1)).toBeCloseTo(0.0061, 6); // Cisco bias: milli, precision 1
    expect(switchOptics.nmsIf.scale.rxDbm.decode(-65535)).toBeNull();
    expect(switchOptics.nmsIf.scale.rxDbm.decode(-1234)).toBe(-12.34);
    expect(switchOptics.mikrotik.scale.rxDbm.decode(-5123)).toBe(-5.123);
    expect(codec.tenthMicrowattLog.decode(100)).toBe(-20);
    expect(codec.tenthMicrowattLog.decode(65535)).toBeNull();
    expect(codec.tenthMicrowattLog.decode(codec.tenthMicrowattLog.encode(-20))).toBe(-20);
  });

  it('index encodings both ways', () => {
    expect(vsolEpon.onuIndex.encode(3, 5)).toBe('3.5');
    expect(vsolEpon.onuIndex.decode('3.5')).toEqual({ ponPort: 3, onuId: 5 });
    const bind = bdcomEpon.bindIndex.encode(12, 'a0:94:6a:89:97:d0');
    expect(bind).toBe('12.160.148.106.137.151.208');
    expect(bdcomEpon.bindIndex.decode(bind)).toEqual({ ponIfIndex: 12, mac: 'a0:94:6a:89:97:d0' });
    expect(bdcomGpon.ifIndexList.decode('1179,1180,1184,')).toEqual([1179, 1180, 1184]);
    expect(bdcomGpon.ifIndexList.encode([1179, 1180])).toBe('1179,1180,');
    expect(bdcomGpon.ifName.parse('GPON0/2:1')).toEqual({ slot: 0, ponPort: 2, onuId: 1 });
    expect(hsgq.snmpIndex.onu(1, 1)).toBe(16777473);
    expect(hsgq.snmpIndex.decodeOnu(16777728 + 76)).toEqual({ ponPort: 2, onuId: 76 });
    expect(hsgq.snmpIndex.port(2)).toBe(16777728);
  });

  it('maps dereg codes and texts to one vocabulary, keeping raw text', () => {
    expect(codec.mapReasonCode(9, bdcomEpon.deregReasonCodes)).toEqual({
      reason: 'power-off',
      raw: 'power-off',
    });
    expect(codec.mapReasonCode(8, bdcomEpon.deregReasonCodes)).toEqual({
      reason: 'wire-down',
      raw: 'wire-down',
    });
    expect(codec.mapReasonCode(42, bdcomEpon.deregReasonCodes)).toEqual({ reason: 'unknown', raw: '42' });
    expect(codec.mapReasonCode(6, bdcomGpon.deregReasonCodes)).toEqual({ reason: 'los', raw: 'pon-los' });
    expect(codec.reasonToCode('power-off', vsolEpon.deregReasonCodes)).toBe(1);
    expect(hsgq.mapReason('Laser out')).toBe('los');
    expect(hsgq.mapReason('Power down')).toBe('power-off');
    expect(hsgq.mapReason('')).toBeNull();
    expect(codec.statusToCode('online', vsolEpon.statusCodes)).toBe(1);
  });

  it('every reason word a device writes (and the simulator renders) reads back as that reason', () => {
    const tables: [string, Partial<codec.ReasonWords>, (raw: string) => unknown][] = [
      ['BDCOM GPON CLI', bdcomGpon.cliReasonWords, bdcomGpon.mapReason],
      ['C-Data down cause', cdata.downCauseWords, cdataGpon.mapReason],
      ['HSGQ SNMP', hsgq.snmpReasonWords, hsgq.mapReason],
      ['HSGQ web', hsgq.webReasonWords, hsgq.mapReason],
      ['V-SOL EPON status', vsolEpon.statusReasonWords, vsolEpon.mapReason],
      ['V-SOL GPON column 10', vsolGpon.reasonWords, vsolGpon.mapReason],
    ];
    for (const [name, words, map] of tables)
      expect([name, codec.reasonWordsRoundTrip(words, map as (raw: string) => null)]).toEqual([name, []]);
    // The words seen on real devices are in the tables verbatim.
    expect(hsgq.snmpReasonWords).toMatchObject({ 'power-off': 'Power down', los: 'Laser out' });
    expect(hsgq.webReasonWords['power-off']).toBe('Power Down');
    expect(vsolGpon.reasonWords).toMatchObject({ 'power-off': 'Power Off', los: 'Onu Los' });
    expect(vsolEpon.statusReasonWords['power-off']).toBe('Power Off');
    expect(cdata.downCauseWords['power-off']).toBe('dying-gasp');
    // A table that disagreed with its rules would be reported, not silently accepted.
    expect(codec.reasonWordsRoundTrip({ los: 'Power Off' }, vsolGpon.mapReason)).toEqual([
      'los → "Power Off" → power-off',
    ]);
  });

  it('normalises MAC spellings', () => {
    for (const m of ['a094.6a89.97d0', 'A0:94:6A:89:97:D0', 'a0-94-6a-89-97-d0', 'A0946A8997D0'])
      expect(codec.normalizeMac(m)).toBe('a0:94:6a:89:97:d0');
    expect(codec.normalizeMac(Uint8Array.from([0x30, 0xd1, 0x7e, 0x94, 0xae, 0xef]))).toBe(
      '30:d1:7e:94:ae:ef',
    );
    expect(codec.normalizeMac('xx:xx:xx:xx:xx:xx')).toBeNull();
    expect(codec.macToDotted('a0:94:6a:89:97:d0')).toBe('a094.6a89.97d0');
    expect(codec.macToUpperColon('c4:70:0b:89:51:60')).toBe('C4:70:0B:89:51:60');
  });
});
