import {
  popFormErrors,
  serviceFormErrors,
  sourceFormErrors,
  sourceFormFrom,
  toPopRequest,
  toServiceRequest,
  toSourceRequest,
} from './pop-forms';

describe('the Pop List form (spec 3 §5)', () => {
  const valid = { ip: '127.0.5.1', aliveMinutes: '5', popId: 'p1', type: 'electric' as const };

  it('starts with an alive time of 0 and nothing chosen', () => {
    expect(sourceFormFrom(null)).toEqual({ ip: '', aliveMinutes: '0', popId: '', type: '' });
  });

  it('requires the IP address, the POP and the type; the alive time is whole minutes up to a day', () => {
    expect(sourceFormErrors(valid)).toEqual({});
    expect(sourceFormErrors({ ip: '', aliveMinutes: '', popId: '', type: '' })).toEqual({
      ip: 'Please enter the IP address',
      popId: 'Please choose the POP',
      type: 'Please choose Gen or Elc',
    });
    expect(sourceFormErrors({ ...valid, ip: '10.0.0' }).ip).toBe('Enter an IPv4 address, e.g. 10.0.0.1');
    expect(sourceFormErrors({ ...valid, aliveMinutes: '1441' }).aliveMinutes).toBe(
      'Whole minutes from 0 to 1440',
    );
    expect(sourceFormErrors({ ...valid, aliveMinutes: '1.5' }).aliveMinutes).toBeDefined();
  });

  it('sends trimmed values, an empty alive time as 0', () => {
    expect(toSourceRequest({ ...valid, ip: ' 127.0.5.1 ', aliveMinutes: '' })).toEqual({
      ip: '127.0.5.1',
      aliveMinutes: 0,
      popId: 'p1',
      type: 'electric',
    });
  });
});

describe('the Area List form', () => {
  it('requires the POP name', () => {
    expect(popFormErrors({ name: ' ', areaName: '', branchId: '' })).toEqual({
      name: 'Please enter the POP name',
    });
    expect(popFormErrors({ name: 'x'.repeat(101), areaName: '', branchId: '' }).name).toBe(
      'At most 100 characters',
    );
  });

  it('clears empty fields with null, and leaves the branch alone when the user cannot choose one', () => {
    expect(toPopRequest({ name: ' Uttara ', areaName: ' ', branchId: '' }, true)).toEqual({
      name: 'Uttara',
      areaName: null,
      branchId: null,
    });
    expect(toPopRequest({ name: 'Uttara', areaName: 'Sector 7', branchId: 'b1' }, false)).toEqual({
      name: 'Uttara',
      areaName: 'Sector 7',
    });
  });
});

describe('the Service List form', () => {
  it('requires the name and sends the status', () => {
    expect(serviceFormErrors({ name: '', active: true })).toEqual({ name: 'Please enter the service name' });
    expect(toServiceRequest({ name: ' IPTV ', active: false })).toEqual({ name: 'IPTV', active: false });
  });
});
