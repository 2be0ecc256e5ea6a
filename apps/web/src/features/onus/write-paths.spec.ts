import type { OltWritePaths, WritePathInfo } from '@pondesk/contracts';
import { ApiError } from '../../shared/http-client';
import { refusedAsInferred, stepsFor, verdictToast, writeGate } from './write-paths';

// Paths hand-typed from the device-data notes (CLI-ACTIONS.md): the V-SOL GPON CLI reboot `onu <o> reboot`
// in `interface gpon 0/<p>` is [I]; the BDCOM GPON reboot `gpon reboot onu interface GPON0/<p>:<o>` is [S].
const vsolInferred: WritePathInfo = {
  kind: 'reboot',
  via: 'cli',
  evidence: 'inferred',
  steps: ['configure terminal', 'interface gpon 0/<p>', 'onu <o> reboot', 'exit'],
  source: 'a CLI manual',
};
const bdcomProduction: WritePathInfo = {
  kind: 'reboot',
  via: 'cli',
  evidence: 'production',
  steps: ['gpon reboot onu interface GPON0/<p>:<o>', 'y (when asked)'],
  source: 'third-party tools',
};
const paths = (reboot: WritePathInfo | null, missing: OltWritePaths['missing'] = {}): OltWritePaths => ({
  reboot,
  delete: null,
  clearPort: null,
  missing,
});

describe('the commands shown for one ONU', () => {
  it('fills the PON port and the ONU id into the steps', () => {
    expect(stepsFor(bdcomProduction, { ponPort: 1, onuId: 3 })).toEqual([
      'gpon reboot onu interface GPON0/1:3',
      'y (when asked)',
    ]);
    expect(stepsFor(vsolInferred, { ponPort: 4, onuId: 17 })).toEqual([
      'configure terminal',
      'interface gpon 0/4',
      'onu 17 reboot',
      'exit',
    ]);
  });

  it("leaves an SNMP index as the OLT's placeholder", () => {
    const snmp = {
      ...bdcomProduction,
      via: 'snmp' as const,
      steps: ['SET 1.3.6.1.4.1.3320.10.3.2.1.4.<idx> i 1'],
    };
    expect(stepsFor(snmp, { ponPort: 1, onuId: 3 })).toEqual(['SET 1.3.6.1.4.1.3320.10.3.2.1.4.<idx> i 1']);
  });
});

describe('whether a write may be sent', () => {
  it('waits for the paths', () => {
    expect(writeGate(undefined, 'reboot', true)).toEqual({ state: 'loading' });
  });

  it('sends a production command without asking, and without acceptInferred', () => {
    expect(writeGate(paths(bdcomProduction), 'reboot', false)).toEqual({
      state: 'ready',
      path: bdcomProduction,
      request: {},
    });
  });

  it('holds an inferred command until the operator consents, then sends acceptInferred: true', () => {
    expect(writeGate(paths(vsolInferred), 'reboot', false).state).toBe('needs-consent');
    expect(writeGate(paths(vsolInferred), 'reboot', true)).toEqual({
      state: 'ready',
      path: vsolInferred,
      request: { acceptInferred: true },
    });
  });

  it("gives the server's reason when there is no path", () => {
    const reason = 'The ONU reboot needs an SNMP write community or a telnet login for this OLT';
    expect(writeGate(paths(null, { reboot: reason }), 'reboot', true)).toEqual({ state: 'missing', reason });
  });

  it('tells a refusal for want of consent from other failures', () => {
    const refusal = (code: string) =>
      new ApiError(409, { statusCode: 409, error: 'Conflict', message: 'inferred', code });
    expect(refusedAsInferred(refusal('WRITE_INFERRED_NOT_ACCEPTED'))).toBe(true);
    expect(refusedAsInferred(refusal('WRITE_UNSUPPORTED'))).toBe(false);
    expect(refusedAsInferred(new Error('WRITE_INFERRED_NOT_ACCEPTED'))).toBe(false);
  });
});

describe('the toast of a verdict', () => {
  it('is a success only when the effect was seen, with the server message', () => {
    expect(verdictToast({ verdict: 'confirmed', message: 'Reboot Successfully' })).toEqual({
      severity: 'success',
      message: 'Reboot Successfully',
    });
    expect(verdictToast({ verdict: 'offline', message: 'm' })?.severity).toBe('warning');
    expect(verdictToast({ verdict: 'gone', message: 'm' })?.severity).toBe('warning');
    expect(verdictToast({ verdict: 'no_effect_seen', message: 'm' })?.severity).toBe('error');
  });

  it('is nothing for a verdict this console does not know', () => {
    const unknown = { verdict: 'later' as unknown as 'confirmed', message: 'm' };
    expect(verdictToast(unknown)).toBeNull();
  });
});
