import { emptyOltForm, type OltDetail, type OltFormValues } from '@pondesk/contracts';
import {
  formFromDetail,
  secretsToRetype,
  serverFieldErrors,
  toCreateRequest,
  toUpdateRequest,
} from './olt-form';

const filled = (over: Partial<OltFormValues> = {}): OltFormValues => ({
  ...emptyOltForm(),
  name: ' Core OLT ',
  host: '10.0.0.2',
  brand: 'vsol',
  mode: 'gpon',
  snmpCommunity: 'public',
  mikrotikHost: '10.0.0.1',
  billingPackage: 'Gold',
  billingMonths: '3',
  ...over,
});

const detail: OltDetail = {
  id: '7d1f6a3e-8a55-4c3b-9a57-3c3b9f0e2a11',
  code: 'OLT-001',
  name: 'Core OLT',
  host: '10.0.0.2',
  brand: 'bdcom',
  mode: 'epon',
  model: 'P3310C',
  branchId: 'b1',
  branchName: 'North',
  mikrotikHost: '10.0.0.1',
  status: 'online',
  cpuPercent: 12,
  memoryPercent: 40,
  onuCount: 10,
  onlineOnuCount: 9,
  ponPortCount: 4,
  lastPolledAt: null,
  lastError: null,
  expiresOn: '2026-12-31',
  expiryState: 'active',
  snmpPort: 161,
  telnetPort: 23,
  httpPort: null,
  username: 'admin',
  description: null,
  mikrotikPort: 8728,
  mikrotikUsername: 'api',
  whatsappId: null,
  telegramId: '12345',
  logName: 'core',
  mikrotikLogName: null,
  dataCollectionRatio: 5,
  dbAlertRange: -27.5,
  billingPackage: 'Gold',
  billingMonths: 6,
  pollIntervalSeconds: 300,
  uptimeSeconds: 100,
  lastPollDurationMs: 900,
  hasPassword: true,
  hasEnablePassword: false,
  hasMikrotikPassword: true,
  hasSnmpWriteCommunity: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('toCreateRequest', () => {
  it('maps a form to the API body, trimming and leaving out empty optionals', () => {
    expect(toCreateRequest(filled({ dbAlertRange: '-27.5', whatsappId: '  ' }))).toEqual({
      name: 'Core OLT',
      host: '10.0.0.2',
      brand: 'vsol',
      mode: 'gpon',
      snmpCommunity: 'public',
      snmpPort: 161,
      telnetPort: 23,
      mikrotikHost: '10.0.0.1',
      mikrotikPort: 8728,
      dbAlertRange: -27.5,
      billingPackage: 'Gold',
      billingMonths: 3,
      pollIntervalSeconds: 300,
    });
  });

  it('keeps secrets exactly as typed', () => {
    const body = toCreateRequest(filled({ password: ' p w ', snmpCommunity: ' pub ' }));
    expect(body.password).toBe(' p w ');
    expect(body.snmpCommunity).toBe(' pub ');
  });

  it('sends no MikroTik port when the OLT has no MikroTik', () => {
    const body = toCreateRequest(filled({ mikrotikHost: '', mikrotikUsername: '', mikrotikPassword: '' }));
    expect(body).not.toHaveProperty('mikrotikHost');
    expect(body).not.toHaveProperty('mikrotikPort');
  });

  it('refuses an unvalidated form without brand', () => {
    expect(() => toCreateRequest(filled({ brand: '' }))).toThrow();
  });
});

describe('edit form', () => {
  it('pre-fills from the detail without any secret', () => {
    const v = formFromDetail(detail);
    expect(v.name).toBe('Core OLT');
    expect(v.dbAlertRange).toBe('-27.5');
    expect(v.httpPort).toBe('');
    expect(v.password).toBe('');
    expect(v.snmpCommunity).toBe('');
  });

  it('sends nothing when nothing changed', () => {
    const v = formFromDetail(detail);
    expect(toUpdateRequest(v, v)).toEqual({});
  });

  it('sends only changed fields, numbers as numbers, cleared nullable fields as null', () => {
    const initial = formFromDetail(detail);
    const v = {
      ...initial,
      name: 'Renamed',
      snmpPort: '1161',
      telegramId: '',
      logName: '',
      mikrotikLogName: 'bras-1',
      branchId: '',
      description: 'edge',
    };
    expect(toUpdateRequest(v, initial)).toEqual({
      name: 'Renamed',
      snmpPort: 1161,
      telegramId: null,
      logName: null,
      mikrotikLogName: 'bras-1',
      branchId: null,
      description: 'edge',
    });
  });

  it('replaces typed secrets, keeps empty ones and removes the ones marked', () => {
    const initial = formFromDetail(detail);
    const v = { ...initial, snmpCommunity: 'private', mikrotikPassword: 'new' };
    expect(toUpdateRequest(v, initial, { password: true })).toEqual({
      snmpCommunity: 'private',
      mikrotikPassword: 'new',
      password: '',
    });
  });

  it('never sends billing on edit', () => {
    const initial = formFromDetail(detail);
    const body = toUpdateRequest({ ...initial, billingPackage: 'Other', billingMonths: '1' }, initial);
    expect(body).toEqual({});
  });
});

describe('serverFieldErrors', () => {
  it('puts known fields under their inputs and keeps the rest', () => {
    expect(
      serverFieldErrors({ host: 'Olt IP must be an IPv4 address', foo: 'foo is not a field of this form' }),
    ).toEqual({
      errors: { host: 'Olt IP must be an IPv4 address' },
      other: ['foo is not a field of this form'],
    });
  });
});

describe('secretsToRetype', () => {
  const initial = formFromDetail(detail);

  it('asks for nothing while the addresses are as loaded', () => {
    expect(secretsToRetype({ ...initial, name: 'Renamed' }, initial, detail)).toEqual({});
  });

  it('asks for the stored secrets that would go to a changed address, saying why', () => {
    expect(secretsToRetype({ ...initial, host: '10.0.0.66' }, initial, detail)).toEqual({
      snmpCommunity: "Re-enter the SNMP community: the OLT's address changed",
      password: "Re-enter the telnet password: the OLT's address changed",
    });
    expect(secretsToRetype({ ...initial, telnetPort: '2323' }, initial, detail)).toEqual({
      password: "Re-enter the telnet password: the OLT's telnet port changed",
    });
    expect(secretsToRetype({ ...initial, mikrotikPort: '8729' }, initial, detail)).toEqual({
      mikrotikPassword: "Re-enter the MikroTik password: the MikroTik's port changed",
    });
  });

  it('is satisfied once the secret is typed or marked for removal', () => {
    const moved = { ...initial, host: '10.0.0.66', snmpCommunity: 'new-community' };
    expect(secretsToRetype(moved, initial, detail)).toEqual({
      password: "Re-enter the telnet password: the OLT's address changed",
    });
    expect(secretsToRetype({ ...moved, password: 'typed' }, initial, detail)).toEqual({});
    expect(secretsToRetype(moved, initial, detail, { password: true })).toEqual({});
  });
});
