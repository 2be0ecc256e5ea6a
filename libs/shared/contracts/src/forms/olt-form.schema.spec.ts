import { formErrors } from './form-errors';
import {
  BILLING_REQUIRED_MESSAGE,
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
      host: 'must be an IP address or a host name',
      mikrotikHost: 'must be an IP address or a host name',
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

  it('accepts a decimal dBm alert range', () => {
    expect(validate(filled({ dbAlertRange: '-27.5' }), 'create').dbAlertRange).toBeUndefined();
  });
});
