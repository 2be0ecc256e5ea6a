import { secretsToReenter, type OltSecretTargets } from './olt-secret-bindings';

const olt: OltSecretTargets = {
  host: '10.0.0.2',
  brand: 'bdcom',
  snmpPort: 161,
  telnetPort: 23,
  httpPort: null,
  mikrotikHost: '10.0.0.1',
  mikrotikPort: 8728,
};
const all = {
  snmpCommunity: true,
  snmpWriteCommunity: true,
  password: true,
  enablePassword: true,
  mikrotikPassword: true,
};
const fields = (after: Partial<OltSecretTargets>, given = {}, stored = all) =>
  secretsToReenter(olt, { ...olt, ...after }, stored, given).map((r) => r.field);

describe('secretsToReenter', () => {
  it('asks for every OLT secret when the address changes, and not for the MikroTik one', () => {
    expect(secretsToReenter(olt, { ...olt, host: '10.0.0.66' }, all, {})).toEqual([
      { field: 'snmpCommunity', message: "Re-enter the SNMP community: the OLT's address changed" },
      {
        field: 'snmpWriteCommunity',
        message: "Re-enter the SNMP write community: the OLT's address changed",
      },
      { field: 'password', message: "Re-enter the telnet password: the OLT's address changed" },
      { field: 'enablePassword', message: "Re-enter the enable password: the OLT's address changed" },
    ]);
  });

  it('asks only for the secrets the changed port carries', () => {
    expect(fields({ snmpPort: 1161 })).toEqual(['snmpCommunity', 'snmpWriteCommunity']);
    expect(secretsToReenter(olt, { ...olt, telnetPort: 2323 }, all, {})).toEqual([
      { field: 'password', message: "Re-enter the telnet password: the OLT's telnet port changed" },
      { field: 'enablePassword', message: "Re-enter the enable password: the OLT's telnet port changed" },
    ]);
    expect(fields({ mikrotikPort: 8729 })).toEqual(['mikrotikPassword']);
    expect(secretsToReenter(olt, { ...olt, mikrotikHost: '198.51.100.7' }, all, {})).toEqual([
      {
        field: 'mikrotikPassword',
        message: "Re-enter the MikroTik password: the MikroTik's address changed",
      },
    ]);
  });

  it('sends the Avies web login with the telnet password: its web port and a brand change count', () => {
    const avies = { ...olt, brand: 'avies', httpPort: 80 };
    expect(secretsToReenter(avies, { ...avies, httpPort: 8080 }, all, {})).toEqual([
      { field: 'password', message: "Re-enter the telnet password: the OLT's web port changed" },
    ]);
    expect(fields({ brand: 'avies' })).toEqual(['password']);
    expect(secretsToReenter(avies, { ...avies, httpPort: null }, all, {})).toEqual([]);
  });

  it('is satisfied by typed secrets, by secrets not stored, and by unchanged places', () => {
    expect(
      fields(
        { host: '10.0.0.66' },
        { snmpCommunity: true, snmpWriteCommunity: true, password: true, enablePassword: true },
      ),
    ).toEqual([]);
    expect(
      fields({ host: '10.0.0.66' }, {}, { ...all, snmpWriteCommunity: false, enablePassword: false }),
    ).toEqual(['snmpCommunity', 'password']);
    expect(fields({ host: ' 10.0.0.2 ', snmpPort: '161', mikrotikHost: '10.0.0.1' })).toEqual([]);
    expect(fields({ mikrotikHost: null, mikrotikPort: null })).toEqual([]);
  });

  it('treats a MikroTik address set again after removal as a new place', () => {
    const none = { ...olt, mikrotikHost: null, mikrotikPort: null };
    expect(
      secretsToReenter(none, { ...none, mikrotikHost: '10.0.0.9' }, all, {}).map((r) => r.field),
    ).toEqual(['mikrotikPassword']);
  });
});
