import { detectFromSystem } from './autodetect';

describe('detectFromSystem on the recorded system groups', () => {
  it('detects brand, mode and model', () => {
    expect(
      detectFromSystem(
        '1.3.6.1.4.1.3320.1.390.0',
        'BDCOM(tm) GP3600-16B Software, Version 74104\nhardware version: A',
      ),
    ).toMatchObject({
      kind: 'olt',
      brand: 'bdcom',
      mode: 'gpon',
      model: 'GP3600-16B',
    });
    expect(
      detectFromSystem('1.3.6.1.4.1.3320.1.300', 'BDCOM(tm) P3310C Software, Version 10.1.0E'),
    ).toMatchObject({ brand: 'bdcom', mode: 'epon', model: 'P3310C' });
    expect(detectFromSystem('1.3.6.1.4.1.37950.1.1.5.10.14.1', 'V1600D')).toMatchObject({
      brand: 'vsol',
      mode: 'epon',
      model: 'V1600D',
    });
    expect(detectFromSystem('1.3.6.1.4.1.37950.1.1.6', 'V1600GS')).toMatchObject({
      brand: 'vsol',
      mode: 'gpon',
      model: 'V1600GS',
    });
    // C-Data answers its bare enterprise OID and a free-text sysDescr: mode needs a probe.
    expect(detectFromSystem('1.3.6.1.4.1.17409', 'zaporojskoe-olt')).toMatchObject({
      brand: 'cdata',
      mode: null,
    });
    expect(
      detectFromSystem('1.3.6.1.4.1.40418.7.53', 'SNR-S2990X-24FQ Device, Compiled Jan 10 13:47:05 2019'),
    ).toMatchObject({
      kind: 'switch',
      switchKind: 'snr',
      model: 'SNR-S2990X-24FQ',
    });
    expect(
      detectFromSystem(
        '1.3.6.1.4.1.9.1.1208',
        'Cisco IOS Software, C2960X Software (C2960X-UNIVERSALK9-M), Version 15.2',
      ),
    ).toMatchObject({
      kind: 'switch',
      switchKind: 'cisco',
    });
    expect(detectFromSystem('1.3.6.1.4.1.3320.1.200', 'BDCOM(tm) S2900-24S8C4X Software')).toMatchObject({
      kind: 'switch',
      switchKind: 'nms-if',
    });
    expect(detectFromSystem(null, null)).toBeNull();
  });
});
