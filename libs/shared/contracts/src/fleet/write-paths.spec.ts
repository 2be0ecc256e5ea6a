/**
 * The write-path table against CLI-ACTIONS.md (device-data), with every expected command and OID typed by hand
 * from that document: which path each brand and mode takes with which credentials, and how sure we are of it.
 */
import { planWrite, planWrites, type WriteMeans } from './write-paths';

const NONE: WriteMeans = { snmpWrite: false, telnet: false, http: false };
const TELNET: WriteMeans = { ...NONE, telnet: true };
const SNMP: WriteMeans = { ...NONE, snmpWrite: true };
const ALL: WriteMeans = { snmpWrite: true, telnet: true, http: true };

describe('write paths (CLI-ACTIONS.md §0–§6)', () => {
  it('V-SOL EPON: with a write community the reboot and delete are the production SNMP action scalars', () => {
    const p = planWrites('vsol', 'epon', { ...TELNET, snmpWrite: true });
    expect(p.reboot).toMatchObject({ via: 'snmp', evidence: 'production' });
    expect(p.reboot?.steps.join(' ')).toContain('1.3.6.1.4.1.37950.1.1.5.12.1.15.1.0 i <p>');
    expect(p.reboot?.steps.join(' ')).toContain('1.3.6.1.4.1.37950.1.1.5.12.1.15.2.0 i <o>');
    expect(p.delete).toMatchObject({ via: 'snmp', evidence: 'production' });
    expect(p.delete?.steps.join(' ')).toContain('1.3.6.1.4.1.37950.1.1.5.12.1.8.1.0 i <p>');
    expect(p.delete?.steps.join(' ')).toContain('1.3.6.1.4.1.37950.1.1.5.12.1.8.2.0 i <o>');
  });

  it('V-SOL EPON: with telnet only, the CLI forms are inferred', () => {
    const p = planWrites('vsol', 'epon', TELNET);
    expect(p.reboot).toMatchObject({ via: 'cli', evidence: 'inferred' });
    expect(p.reboot?.steps).toContain('onu <o> ctc reset');
    expect(p.delete).toMatchObject({ via: 'cli', evidence: 'inferred' });
    expect(p.delete?.steps).toContain('no onu auth onuid <o>');
    expect(p.clearPort).toBeNull();
  });

  it('C-Data EPON never writes over SNMP, even with a write community (genError on current firmware)', () => {
    for (const kind of ['reboot', 'delete', 'clearPort'] as const) {
      expect(planWrite('cdata', 'epon', kind, SNMP)).toBeNull();
      expect(planWrite('cdata', 'epon', kind, ALL)?.via).toBe('cli');
    }
    expect(planWrites('cdata', 'epon', SNMP).missing.reboot).toMatch(/telnet/);
  });

  it('C-Data: delete and clear answer the y/n, leave the interface and `save`', () => {
    const p = planWrites('cdata', 'gpon', TELNET);
    expect(p.delete?.steps).toEqual([
      'config',
      'interface gpon 0/0',
      'ont delete <p> <o>',
      'y (when asked)',
      'exit',
      'save',
    ]);
    expect(p.clearPort?.steps).toContain('ont delete <p> all');
    expect(p.clearPort?.steps[p.clearPort.steps.length - 1]).toBe('save');
  });

  it('C-Data GPON: CLI reboot first; SNMP resetONU (17409.2.8.4.1.1.10 = 1) without telnet', () => {
    expect(planWrite('cdata', 'gpon', 'reboot', ALL)?.via).toBe('cli');
    const snmp = planWrite('cdata', 'gpon', 'reboot', SNMP);
    expect(snmp).toMatchObject({ via: 'snmp', evidence: 'production' });
    expect(snmp?.steps).toEqual(['SET 1.3.6.1.4.1.17409.2.8.4.1.1.10.<idx> i 1']);
  });

  it('AVIES GPON without a web login has no reboot, and says the web login is what is missing', () => {
    const p = planWrites('avies', 'gpon', { ...TELNET, snmpWrite: true });
    expect(p.reboot).toBeNull();
    expect(p.missing.reboot).toMatch(/web login/);
    expect(planWrite('avies', 'gpon', 'reboot', { ...NONE, http: true })?.via).toBe('http');
  });

  it('AVIES EPON without a web login: `onu-reboot` is inferred', () => {
    expect(planWrite('avies', 'epon', 'reboot', TELNET)).toMatchObject({ via: 'cli', evidence: 'inferred' });
  });

  it('BDCOM GPON has no clearPort; delete is in `interface GPON 0/<p>` and saves with `write all`', () => {
    const p = planWrites('bdcom', 'gpon', ALL);
    expect(p.clearPort).toBeNull();
    expect(p.missing.clearPort).toMatch(/No port clear command/);
    expect(p.delete?.steps).toEqual([
      'config',
      'interface GPON 0/<p>',
      'no gpon bind-onu sequence <o>',
      'exit',
      'exit',
      'write all',
    ]);
    expect(p.reboot?.steps).toEqual(['SET 1.3.6.1.4.1.3320.10.3.2.1.4.<idx> i 1']);
  });

  it('BDCOM EPON: SNMP reboot writes onuReset = 0 (reset), the delete saves with `write all`', () => {
    const p = planWrites('bdcom', 'epon', ALL);
    expect(p.reboot?.steps).toEqual(['SET 1.3.6.1.4.1.3320.101.10.1.1.29.<idx> i 0']);
    expect(p.delete?.steps).toEqual([
      'config',
      'interface EPON0/<p>',
      'no epon bind-onu sequence <o>',
      'exit',
      'exit',
      'write all',
    ]);
    expect(planWrite('bdcom', 'epon', 'reboot', TELNET)?.steps[0]).toBe(
      'epon reboot onu interface EPON0/<p>:<o>',
    );
  });

  it('V-SOL GPON: SNMP gOnuOpAction reboot; CLI `no onu <o>` preferred for delete; `no onu all` clears', () => {
    const p = planWrites('vsol', 'gpon', ALL);
    expect(p.reboot?.steps).toEqual([
      'SET 1.3.6.1.4.1.37950.1.1.6.1.1.5.1.0 i <p>',
      'SET 1.3.6.1.4.1.37950.1.1.6.1.1.5.2.0 i <o>',
      'SET 1.3.6.1.4.1.37950.1.1.6.1.1.5.3.0 i 1 (reboot)',
    ]);
    expect(p.delete).toMatchObject({ via: 'cli', evidence: 'production' });
    expect(p.delete?.steps).toContain('no onu <o>');
    expect(planWrite('vsol', 'gpon', 'delete', SNMP)?.steps[2]).toBe(
      'SET 1.3.6.1.4.1.37950.1.1.6.1.1.5.3.0 i 2 (delete)',
    );
    expect(p.clearPort?.steps).toContain('no onu all');
    expect(planWrite('vsol', 'gpon', 'reboot', TELNET)).toMatchObject({ via: 'cli', evidence: 'inferred' });
  });

  it('without any credentials nothing is planned, and each missing write says why', () => {
    const p = planWrites('bdcom', 'epon', NONE);
    expect([p.reboot, p.delete, p.clearPort]).toEqual([null, null, null]);
    expect(p.missing.reboot).toBe(
      'The ONU reboot needs an SNMP write community or a telnet login for this OLT',
    );
  });
});
