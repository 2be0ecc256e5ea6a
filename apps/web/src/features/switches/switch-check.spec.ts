import type { SwitchCheckResponse } from '@pondesk/contracts';
import { checkText, checkValidity, IDLE_CHECK, switchCheckReducer } from './switch-check';

const open: SwitchCheckResponse = {
  ip: '127.0.0.1',
  snmpPort: 1161,
  status: 'open',
  latencyMs: 12,
  sysDescr: 'SNR-S2985G',
  brand: null,
};

describe('SNMP port check', () => {
  it('goes waiting, checking, then valid with the answer time', () => {
    let s = switchCheckReducer(IDLE_CHECK, { type: 'input', key: 'a' });
    expect(s.phase).toBe('waiting');
    expect(checkValidity(s)).toBeNull();
    s = switchCheckReducer(s, { type: 'started', key: 'a' });
    expect(checkText(s)).toBe('Checking SNMP…');
    s = switchCheckReducer(s, { type: 'result', key: 'a', response: open });
    expect(checkValidity(s)).toBe(true);
    expect(checkText(s)).toBe('SNMP answered in 12 ms');
  });

  it('is invalid with the reason when nothing answers', () => {
    const s = switchCheckReducer(
      { ...IDLE_CHECK, phase: 'checking', key: 'a' },
      {
        type: 'result',
        key: 'a',
        response: { ...open, status: 'closed', latencyMs: null, error: 'timeout' },
      },
    );
    expect(checkValidity(s)).toBe(false);
    expect(checkText(s)).toBe('No SNMP answer: timeout');
  });

  it('ignores an answer for an address no longer in the form', () => {
    const s = { ...IDLE_CHECK, phase: 'checking' as const, key: 'b' };
    expect(switchCheckReducer(s, { type: 'result', key: 'a', response: open })).toBe(s);
  });

  it('is neutral when the check itself failed, and idle without an address', () => {
    const s = switchCheckReducer(
      { ...IDLE_CHECK, phase: 'checking', key: 'a' },
      { type: 'failed', key: 'a', message: 'Forbidden' },
    );
    expect(checkValidity(s)).toBeNull();
    expect(checkText(s)).toBe('The check could not run: Forbidden');
    expect(switchCheckReducer(s, { type: 'input', key: null })).toEqual(IDLE_CHECK);
  });
});
