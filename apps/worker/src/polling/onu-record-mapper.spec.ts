import type { OnuRecord } from '@pondesk/device-drivers';
import { toOnuReading } from './onu-record-mapper';

const record = (over: Partial<OnuRecord>): OnuRecord => ({
  ponPort: 2,
  onuId: 7,
  ifName: 'GPON0/2:7',
  mac: null,
  serial: 'ZTEGce792257',
  status: 'online',
  statusRaw: 'active',
  description: 'rahim@isp',
  distanceM: 1520,
  lastDeregReason: 'power-off',
  lastDeregReasonRaw: 'dying-gasp',
  lastDeregTime: null,
  lastRegTime: null,
  vendor: 'ZTEG',
  model: 'F660',
  rxDbm: -21.3,
  txDbm: 2.1,
  temperatureC: 45,
  voltageV: 3.3,
  biasMa: 12,
  oltRxDbm: -24,
  ...over,
});

describe('toOnuReading', () => {
  it('keeps identity and optics, and drops the last reason of an online ONU', () => {
    expect(toOnuReading(record({}))).toMatchObject({
      ponPort: 2,
      onuId: 7,
      ifName: 'GPON0/2:7',
      status: 'online',
      reason: null,
      reasonRaw: null,
      rxDbm: -21.3,
      distanceM: 1520,
    });
  });

  it('gives an offline ONU its reason and the raw words', () => {
    expect(toOnuReading(record({ status: 'offline', rxDbm: null }))).toMatchObject({
      status: 'offline',
      reason: 'power-off',
      reasonRaw: 'dying-gasp',
      rxDbm: null,
    });
  });

  it('stores an unknown state as offline with reason unknown and the device word', () => {
    expect(
      toOnuReading(
        record({
          status: 'unknown',
          statusRaw: 'auth-failed',
          lastDeregReason: null,
          lastDeregReasonRaw: null,
        }),
      ),
    ).toMatchObject({
      status: 'offline',
      reason: 'unknown',
      reasonRaw: 'auth-failed',
    });
  });
});
