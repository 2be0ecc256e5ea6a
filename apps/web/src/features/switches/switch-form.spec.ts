import type { SwitchRow } from '@pondesk/contracts';
import {
  checkKeyOf,
  checkRequestOf,
  switchFormErrors,
  switchFormFrom,
  toCreateRequest,
  toUpdateRequest,
  type SwitchFormValues,
} from './switch-form';

const filled: SwitchFormValues = {
  ip: ' 127.0.0.2 ',
  community: 'private',
  snmpPort: '1161',
  description: 'to OLT Uttara',
  name: 'Core SNR',
  whatsappId: '',
  telegramId: '@noc',
  dataCollectionRatio: '5',
  dbAlertRange: '-20.5',
  brand: 'snr',
  billingPackage: '',
  oltId: '',
};

const row = {
  id: 'sw-1',
  name: 'Edge Cisco',
  ip: '10.0.0.2',
  snmpPort: 161,
  hasCommunity: true,
  brand: 'cisco',
  description: null,
  oltId: 'olt-1',
  oltName: 'Uttara',
  whatsappId: null,
  telegramId: null,
  dataCollectionRatio: 10,
  dbAlertRange: -22,
  billingPackage: 'Switch 1 month',
} as SwitchRow;

describe('switch form', () => {
  it('starts blank for Add New with SNMP on 161, 5 minutes and -20 dBm', () => {
    const v = switchFormFrom(null);
    expect(v).toMatchObject({
      ip: '',
      community: '',
      snmpPort: '161',
      dataCollectionRatio: '5',
      dbAlertRange: '-20',
      brand: '',
    });
  });

  it('fills Edit from the switch but never with a community', () => {
    expect(switchFormFrom(row)).toEqual({
      ip: '10.0.0.2',
      community: '',
      snmpPort: '161',
      description: '',
      name: 'Edge Cisco',
      whatsappId: '',
      telegramId: '',
      dataCollectionRatio: '10',
      dbAlertRange: '-22',
      brand: 'cisco',
      billingPackage: 'Switch 1 month',
      oltId: 'olt-1',
    });
  });

  it('names every wrong field', () => {
    const errors = switchFormErrors(
      {
        ...filled,
        ip: 'not an ip!',
        community: '',
        snmpPort: '70000',
        name: ' ',
        dataCollectionRatio: '0',
        dbAlertRange: '5',
        brand: '',
      },
      false,
    );
    expect(Object.keys(errors).sort()).toEqual(
      ['brand', 'community', 'dataCollectionRatio', 'dbAlertRange', 'ip', 'name', 'snmpPort'].sort(),
    );
    expect(switchFormErrors(filled, false)).toEqual({});
  });

  it('lets an edit keep the stored community by leaving it blank', () => {
    expect(switchFormErrors({ ...filled, community: '' }, true)).toEqual({});
    expect(toUpdateRequest({ ...filled, community: '' })).not.toHaveProperty('community');
    expect(toUpdateRequest(filled).community).toBe('private');
  });

  it('creates with typed numbers and without blank optional fields', () => {
    expect(toCreateRequest(filled)).toEqual({
      name: 'Core SNR',
      ip: '127.0.0.2',
      snmpPort: 1161,
      community: 'private',
      brand: 'snr',
      description: 'to OLT Uttara',
      oltId: undefined,
      whatsappId: undefined,
      telegramId: '@noc',
      dataCollectionRatio: 5,
      dbAlertRange: -20.5,
      billingPackage: undefined,
    });
  });

  it('clears blank optional fields on update', () => {
    expect(toUpdateRequest(filled)).toMatchObject({
      whatsappId: null,
      oltId: null,
      billingPackage: null,
      telegramId: '@noc',
    });
  });

  it('checks only a full address: port, IP and a community (or the stored one when editing)', () => {
    expect(checkRequestOf({ ...filled, snmpPort: '' }, null)).toBeNull();
    expect(checkRequestOf({ ...filled, ip: '' }, null)).toBeNull();
    expect(checkRequestOf({ ...filled, community: '' }, null)).toBeNull();
    expect(checkRequestOf(filled, null)).toEqual({ ip: '127.0.0.2', snmpPort: 1161, community: 'private' });
    expect(checkRequestOf({ ...filled, community: '' }, 'sw-1')).toEqual({
      ip: '127.0.0.2',
      snmpPort: 1161,
      switchId: 'sw-1',
    });
  });

  it('keys a check by everything it sends', () => {
    const a = checkKeyOf({ ip: '127.0.0.2', snmpPort: 161, community: 'x' });
    expect(a).toBe(checkKeyOf({ ip: '127.0.0.2', snmpPort: 161, community: 'x' }));
    expect(a).not.toBe(checkKeyOf({ ip: '127.0.0.2', snmpPort: 162, community: 'x' }));
    expect(checkKeyOf(null)).toBeNull();
  });
});
