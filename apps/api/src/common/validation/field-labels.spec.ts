import { fieldLabel, humanMessage } from './field-labels';

describe('validation messages in the forms’ words', () => {
  it('names fields as the forms label them', () => {
    expect(fieldLabel('contactNumber')).toBe('Contact number');
    expect(fieldLabel('host')).toBe('Olt IP');
    expect(fieldLabel('mikrotikHost')).toBe('Mikrotik IP');
    expect(fieldLabel('ispName')).toBe('ISP name');
    expect(fieldLabel('photo')).toBe('Photo');
  });

  it('replaces the leading key only, and keeps messages written for people', () => {
    expect(
      humanMessage('contactNumber must be 6–20 digits, optionally starting with +', 'contactNumber'),
    ).toBe('Contact number must be 6–20 digits, optionally starting with +');
    expect(humanMessage('snmpPort must not be greater than 65535', 'snmpPort')).toBe(
      'SNMP Port must not be greater than 65535',
    );
    expect(humanMessage('each value in permissions must be an integer', 'permissions')).toBe(
      'Each value in Permissions must be an integer',
    );
    expect(humanMessage('Please input a username!', 'username')).toBe('Please input a username!');
    expect(humanMessage('usernames are case-insensitive', 'username')).toBe('usernames are case-insensitive');
  });
});
