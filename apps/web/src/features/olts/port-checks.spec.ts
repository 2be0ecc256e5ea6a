import {
  canCreate,
  canUpdate,
  checkKey,
  checksReducer,
  initialChecks,
  splitKey,
  validity,
} from './port-checks';

describe('checkKey', () => {
  it('forms host:port only from a valid host and port', () => {
    expect(checkKey(' 10.0.0.2 ', '23')).toBe('10.0.0.2:23');
    expect(checkKey('olt-1.example.net', '2323')).toBe('olt-1.example.net:2323');
    expect(checkKey('', '23')).toBeNull();
    expect(checkKey('10.0.0.2', '')).toBeNull();
    expect(checkKey('10.0.0.2', '0')).toBeNull();
    expect(checkKey('bad host', '23')).toBeNull();
  });

  it('splits a key back', () => {
    expect(splitKey('10.0.0.2:23')).toEqual({ host: '10.0.0.2', port: 23 });
  });
});

describe('checksReducer', () => {
  it('is unknown until a check reports', () => {
    let s = checksReducer(initialChecks, { type: 'input', target: 'olt', key: '10.0.0.2:23' });
    expect(s.olt.phase).toBe('waiting');
    expect(validity(s.olt)).toBeNull();
    s = checksReducer(s, { type: 'started', target: 'olt', key: '10.0.0.2:23' });
    expect(s.olt.phase).toBe('checking');
    expect(validity(s.olt)).toBeNull();
    s = checksReducer(s, { type: 'result', target: 'olt', key: '10.0.0.2:23', status: 'open', latencyMs: 4 });
    expect(validity(s.olt)).toBe(true);
    expect(s.olt.latencyMs).toBe(4);
    expect(s.mikrotik).toBe(initialChecks.mikrotik);
  });

  it('reports closed as invalid with the reason', () => {
    let s = checksReducer(initialChecks, { type: 'input', target: 'mikrotik', key: 'h:1' });
    s = checksReducer(s, {
      type: 'result',
      target: 'mikrotik',
      key: 'h:1',
      status: 'closed',
      latencyMs: null,
      error: 'ECONNREFUSED',
    });
    expect(validity(s.mikrotik)).toBe(false);
    expect(s.mikrotik.message).toBe('ECONNREFUSED');
  });

  it('ignores a result for an address that has since changed', () => {
    let s = checksReducer(initialChecks, { type: 'input', target: 'olt', key: 'a:23' });
    s = checksReducer(s, { type: 'input', target: 'olt', key: 'b:23' });
    const after = checksReducer(s, {
      type: 'result',
      target: 'olt',
      key: 'a:23',
      status: 'open',
      latencyMs: 1,
    });
    expect(after).toBe(s);
    expect(checksReducer(s, { type: 'started', target: 'olt', key: 'a:23' })).toBe(s);
    expect(checksReducer(s, { type: 'failed', target: 'olt', key: 'a:23', message: 'x' })).toBe(s);
  });

  it('keeps a result when the same address is typed again', () => {
    let s = checksReducer(initialChecks, { type: 'input', target: 'olt', key: 'a:23' });
    s = checksReducer(s, { type: 'result', target: 'olt', key: 'a:23', status: 'open', latencyMs: 1 });
    expect(checksReducer(s, { type: 'input', target: 'olt', key: 'a:23' })).toBe(s);
  });

  it('goes back to unknown when the address is cleared or fails to check', () => {
    let s = checksReducer(initialChecks, { type: 'input', target: 'olt', key: 'a:23' });
    s = checksReducer(s, { type: 'failed', target: 'olt', key: 'a:23', message: 'worker timeout' });
    expect(s.olt.phase).toBe('error');
    expect(validity(s.olt)).toBeNull();
    s = checksReducer(s, { type: 'input', target: 'olt', key: null });
    expect(s.olt).toEqual(initialChecks.olt);
  });
});

describe('submit rules', () => {
  const withPhases = (olt: 'open' | 'closed' | 'idle', mikrotik: 'open' | 'closed' | 'idle') => ({
    olt: { ...initialChecks.olt, phase: olt },
    mikrotik: { ...initialChecks.mikrotik, phase: mikrotik },
  });

  it('Add Olt needs both open', () => {
    expect(canCreate(withPhases('open', 'open'))).toBe(true);
    expect(canCreate(withPhases('open', 'idle'))).toBe(false);
    expect(canCreate(withPhases('closed', 'open'))).toBe(false);
  });

  it('Add Olt without a MikroTik needs only the OLT port open', () => {
    expect(canCreate(withPhases('open', 'idle'), false)).toBe(true);
    expect(canCreate(withPhases('closed', 'idle'), false)).toBe(false);
    expect(canCreate(withPhases('idle', 'idle'), false)).toBe(false);
  });

  it('Update Olt is blocked only by a closed check', () => {
    expect(canUpdate(withPhases('idle', 'idle'))).toBe(true);
    expect(canUpdate(withPhases('open', 'idle'))).toBe(true);
    expect(canUpdate(withPhases('open', 'closed'))).toBe(false);
  });
});
