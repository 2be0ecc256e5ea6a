import type { OnuRecord } from '@pondesk/device-drivers';
import type { StoredOnu } from '@pondesk/server-database';
import { inactiveRow } from './scan.service';

const record = (over: Partial<OnuRecord>): OnuRecord => ({
  ponPort: 3,
  onuId: 12,
  ifName: 'EPON0/3:12',
  mac: 'fc:fa:f7:96:3f:44',
  serial: null,
  description: 'rahim-home',
  vendor: 'HWTC',
  model: 'HG8310M',
  distanceM: 1450,
  rxDbm: null,
  txDbm: null,
  temperatureC: null,
  voltageV: null,
  biasMa: null,
  oltRxDbm: null,
  status: 'offline',
  statusRaw: 'deregistered',
  lastDeregReason: 'power-off',
  lastDeregReasonRaw: 'power-off',
  lastDeregTime: '2026-11-20 08:14:03',
  lastRegTime: '2026-11-19 22:01:40',
  ...over,
});

const stored = { id: 'b1f0a9a4-5d0c-4a5e-9a55-8c1b8f0e2a11', pppoeIds: ['rahim@isp'] } as StoredOnu;

describe('inactiveRow', () => {
  it('keeps what the OLT said and joins the stored ONU’s PPPoE ids', () => {
    expect(inactiveRow(record({}), stored)).toEqual({
      ponPort: 3,
      onuId: 12,
      ifName: 'EPON0/3:12',
      mac: 'fc:fa:f7:96:3f:44',
      serial: null,
      description: 'rahim-home',
      vendor: 'HWTC',
      model: 'HG8310M',
      distanceM: 1450,
      rxDbm: null,
      status: 'offline',
      statusRaw: 'deregistered',
      reason: 'power-off',
      reasonRaw: 'power-off',
      lastDownTime: '2026-11-20 08:14:03',
      lastUpTime: '2026-11-19 22:01:40',
      onuRef: 'b1f0a9a4-5d0c-4a5e-9a55-8c1b8f0e2a11',
      pppoeIds: ['rahim@isp'],
    });
  });

  it('reads an ONU held down on purpose as disabled, and one the OLT cannot place as unknown', () => {
    expect(inactiveRow(record({ statusRaw: 'disabled' }), undefined).status).toBe('disabled');
    expect(inactiveRow(record({ statusRaw: 'Deactivated' }), undefined).status).toBe('disabled');
    expect(inactiveRow(record({ status: 'unknown', statusRaw: 'syncMib' }), undefined).status).toBe(
      'unknown',
    );
  });

  it('gives an ONU the poll never stored no id and no PPPoE ids', () => {
    expect(inactiveRow(record({}), undefined)).toMatchObject({ onuRef: null, pppoeIds: [] });
  });
});
