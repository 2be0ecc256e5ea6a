import { HOST_MESSAGE, isHost } from '../validation/patterns';
import { formErrors } from './form-errors';
import {
  BILLING_REQUIRED_MESSAGE,
  MIKROTIK_HOST_REQUIRED_MESSAGE,
  MIKROTIK_PORT_REQUIRED_MESSAGE,
  emptyOltForm,
  oltFormSchema,
  type OltFormMode,
  type OltFormValues,
} from './olt-form.schema';

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

const validate = (v: OltFormValues, mode: OltFormMode) => formErrors(oltFormSchema(mode), v);

describe('OLT form defaults', () => {
  it('starts with SNMP 161, telnet 23, MikroTik API 8728 and a 300 s poll interval', () => {
    const v = emptyOltForm();
    expect([v.snmpPort, v.telnetPort, v.mikrotikPort, v.pollIntervalSeconds]).toEqual([
      '161',
      '23',
      '8728',
      '300',
    ]);
  });
});

describe('oltFormSchema', () => {
  it('accepts a complete form', () => {
    expect(validate(filled(), 'create')).toEqual({});
  });

  it('requires name, IP, brand, mode and community on create', () => {
    const errors = validate(emptyOltForm(), 'create');
    expect(errors).toEqual({
      name: 'Olt Name is required',
      host: 'Olt IP is required',
      brand: 'Choose a brand',
      mode: 'Choose a mode',
      snmpCommunity: 'SNMP community is required',
      billingPackage: BILLING_REQUIRED_MESSAGE,
      billingMonths: BILLING_REQUIRED_MESSAGE,
    });
  });

  it('lists the fields in the order the form focuses them', () => {
    expect(Object.keys(validate(emptyOltForm(), 'create'))).toEqual([
      'name',
      'host',
      'brand',
      'mode',
      'snmpCommunity',
      'billingPackage',
      'billingMonths',
    ]);
  });

  it('does not ask for billing or the community on edit', () => {
    expect(validate(filled({ snmpCommunity: '', billingPackage: '', billingMonths: '' }), 'edit')).toEqual(
      {},
    );
  });

  it('checks hosts, ports and ranges like the API', () => {
    const errors = validate(
      filled({
        host: 'not a host!',
        mikrotikHost: '10.0.0.1/24',
        snmpPort: '70000',
        telnetPort: '',
        httpPort: '8.5',
        code: 'has space',
        dataCollectionRatio: '101',
        dbAlertRange: '3',
        billingMonths: '37',
        pollIntervalSeconds: '30',
      }),
      'create',
    );
    expect(errors).toEqual({
      host: HOST_MESSAGE,
      mikrotikHost: HOST_MESSAGE,
      snmpPort: 'must be a port number (1–65535)',
      telnetPort: 'is required',
      httpPort: 'must be a port number (1–65535)',
      code: 'may use letters, digits, dot, dash and underscore (1–40)',
      dataCollectionRatio: 'must be a whole number from 1 to 100',
      dbAlertRange: 'must be a dBm value from -50 to 0',
      billingMonths: 'must be a whole number of months from 1 to 36',
      pollIntervalSeconds: 'must be between 60 and 86400 seconds',
    });
  });

  it('limits lengths as typed, and names a blank required field as missing rather than long', () => {
    expect(validate(filled({ name: 'x'.repeat(121) }), 'create').name).toBe('must be at most 120 characters');
    expect(validate(filled({ name: ' '.repeat(121) }), 'create').name).toBe('Olt Name is required');
    expect(validate(filled({ snmpCommunity: 'c'.repeat(65) }), 'create').snmpCommunity).toBe(
      'must be at most 64 characters',
    );
    expect(validate(filled({ billingPackage: 'b'.repeat(81) }), 'create').billingPackage).toBe(
      'must be at most 80 characters',
    );
  });

  it('refuses words and impossible addresses in the IP fields, and accepts IPv4 and full host names', () => {
    for (const bad of [
      'abc',
      '999.1.1.1',
      '10.0.0',
      '10.0.0.256',
      '01.2.3.4',
      '1.2.3.4.5',
      'olt_1.isp.net',
    ]) {
      expect(validate(filled({ host: bad }), 'create').host).toBe(HOST_MESSAGE);
      expect(validate(filled({ mikrotikHost: bad }), 'edit').mikrotikHost).toBe(HOST_MESSAGE);
    }
    for (const good of [
      '10.0.0.2',
      '255.255.255.255',
      '0.0.0.0',
      'olt1.example.net',
      'gw.sn.mynetname.net',
    ]) {
      expect(isHost(good)).toBe(true);
      expect(validate(filled({ host: good }), 'create').host).toBeUndefined();
    }
  });

  it('makes the MikroTik optional: all empty passes, a part of it names what is missing', () => {
    const none = { mikrotikHost: '', mikrotikUsername: '', mikrotikPassword: '' };
    // The port's default alone is no MikroTik.
    expect(validate(filled(none), 'create')).toEqual({});
    expect(validate(filled({ ...none, mikrotikPort: '' }), 'create')).toEqual({});
    expect(validate(filled({ ...none, mikrotikUsername: 'admin' }), 'create')).toEqual({
      mikrotikHost: MIKROTIK_HOST_REQUIRED_MESSAGE,
    });
    expect(validate(filled({ ...none, mikrotikPassword: 'pw' }), 'edit')).toEqual({
      mikrotikHost: MIKROTIK_HOST_REQUIRED_MESSAGE,
    });
    expect(validate(filled({ mikrotikHost: '10.0.0.1', mikrotikPort: '' }), 'create')).toEqual({
      mikrotikPort: MIKROTIK_PORT_REQUIRED_MESSAGE,
    });
  });

  it('accepts a decimal dBm alert range', () => {
    expect(validate(filled({ dbAlertRange: '-27.5' }), 'create').dbAlertRange).toBeUndefined();
  });
});
