import { loopbackRange } from '../net/loopback';
import { formatSyslogTarget, parseSyslogTarget, syslogTargetOrThrow } from './syslog-target';

describe('syslog target: loopback only', () => {
  it('takes HOST:PORT or {host, port} on 127.0.0.0/8; localhost is 127.0.0.1', () => {
    expect(parseSyslogTarget('127.0.0.1:5514')).toEqual({ host: '127.0.0.1', port: 5514 });
    expect(parseSyslogTarget({ host: '127.3.2.1', port: 514 })).toEqual({ host: '127.3.2.1', port: 514 });
    expect(parseSyslogTarget('localhost:5514')).toEqual({ host: '127.0.0.1', port: 5514 });
    expect(formatSyslogTarget({ host: '127.0.0.1', port: 5514 })).toBe('127.0.0.1:5514');
  });

  it('refuses every other address with the rule, and malformed targets', () => {
    for (const bad of ['10.0.0.5:514', '192.168.1.1:5514', '8.8.8.8:53', '0.0.0.0:5514', '[::1]:5514']) {
      expect(parseSyslogTarget(bad)).toMatch(/loopback addresses \(127\.0\.0\.0\/8\) only/);
      expect(() => syslogTargetOrThrow(bad)).toThrow(/refused: the simulator sends syslog to loopback/);
    }
    expect(parseSyslogTarget({ host: 'example.com', port: 514 })).toMatch(/refused/);
    expect(parseSyslogTarget('127.0.0.1')).toMatch(/HOST:PORT/);
    expect(parseSyslogTarget('127.0.0.1:0')).toMatch(/port must be an integer from 1 to 65535/);
    expect(parseSyslogTarget('127.0.0.1:70000')).toMatch(/port/);
    expect(parseSyslogTarget(42)).toMatch(/HOST:PORT/);
  });
});

describe('loopback address runs', () => {
  it('counts up from the base and carries into the next octet', () => {
    expect(loopbackRange('127.0.1.1', 3, 'addressBase')).toEqual(['127.0.1.1', '127.0.1.2', '127.0.1.3']);
    expect(loopbackRange('127.0.1.254', 3, 'addressBase')).toEqual([
      '127.0.1.254',
      '127.0.1.255',
      '127.0.2.0',
    ]);
  });

  it('refuses a base off loopback or a run past 127.255.255.254', () => {
    expect(() => loopbackRange('10.0.0.1', 1, 'addressBase')).toThrow(
      'addressBase must be an IPv4 address in 127.0.0.0/8 (loopback), not 10.0.0.1',
    );
    expect(() => loopbackRange('localhost', 1, 'addressBase')).toThrow(/127\.0\.0\.0\/8/);
    expect(() => loopbackRange('127.255.255.250', 10, 'addressBase')).toThrow(/runs past 127\.255\.255\.254/);
  });
});
