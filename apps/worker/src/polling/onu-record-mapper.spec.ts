import type { OnuRecord } from '@pondesk/device-drivers';
import { deviceTime, toOnuReading } from './onu-record-mapper';

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

  it("carries the OLT's last deregistration time of an offline ONU, not of an online one", () => {
    expect(
      toOnuReading(record({ status: 'offline', lastDeregTime: '2026/06/03 21:32:03+07:00' })).downAt,
    ).toEqual(new Date('2026-06-03T14:32:03Z'));
    expect(
      toOnuReading(record({ status: 'online', lastDeregTime: '2026-06-04 07:00:01' })).downAt,
    ).toBeNull();
    expect(toOnuReading(record({ status: 'offline', lastDeregTime: null })).downAt).toBeNull();
  });
});

describe('deviceTime', () => {
  it.each([
    // the OLT's wall clock, read in the server's zone (the Date constructor with parts is local time)
    ['2026-06-04 07:00:01', new Date(2026, 5, 4, 7, 0, 1)],
    ['2026/11/19 03:08:41', new Date(2026, 10, 19, 3, 8, 41)],
    ['2024.01.24.09:04:38', new Date(2024, 0, 24, 9, 4, 38)],
    ['2026:06:03 21:21:42', new Date(2026, 5, 3, 21, 21, 42)],
    ['2026/06/03 21:32:03+07:00', new Date('2026-06-03T14:32:03Z')],
    ['2026-06-03 21:32:03 +0530', new Date('2026-06-03T16:02:03Z')],
    ['N/A', null],
    ['2026-13-01 00:00:00', null],
    ['', null],
    [null, null],
  ])('%p → %p', (raw, expected) => {
    expect(deviceTime(raw)).toEqual(expected);
  });
});
