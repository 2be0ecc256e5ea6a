import { nextGridPoint } from './ping-run';
import { arrayLiteral, downMinutes } from './ping-store';
import { pingableAddress } from './ping-targets';

describe('pingableAddress', () => {
  it('takes unicast IPv4 and IPv6 addresses in one spelling', () => {
    expect(pingableAddress(' 10.20.0.1 ')).toBe('10.20.0.1');
    expect(pingableAddress('::ffff:10.20.0.1')).toBe('10.20.0.1');
    expect(pingableAddress('2001:DB8:0:0::1')).toBe('2001:db8::1');
  });

  it('refuses names, the unspecified address, broadcast and multicast', () => {
    for (const bad of [
      'example.com',
      '',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '239.1.2.3',
      '::',
      'ff02::1',
    ])
      expect(pingableAddress(bad)).toBeNull();
  });
});

describe('nextGridPoint', () => {
  it('is the next time at the phase of the interval, strictly after now', () => {
    expect(nextGridPoint(10_250, 1000, 860)).toBe(10_860);
    expect(nextGridPoint(10_860, 1000, 860)).toBe(11_860);
    expect(nextGridPoint(10_900, 1000, 860)).toBe(11_860);
    expect(nextGridPoint(10_000, 1000, 0)).toBe(11_000);
  });
});

describe('store helpers', () => {
  it('writes arrays as Postgres literals, NULL for null', () => {
    expect(
      arrayLiteral(['0b6a9a52-7a36-4c1b-9f5e-3d0f0a5c1e21', 'c1d4f0e2-6a0b-4b9e-8f2a-5c3d9e7b1a04']),
    ).toBe('{0b6a9a52-7a36-4c1b-9f5e-3d0f0a5c1e21,c1d4f0e2-6a0b-4b9e-8f2a-5c3d9e7b1a04}');
    expect(arrayLiteral([0.021, null, 734, 1795777089998.5])).toBe('{0.021,NULL,734,1795777089998.5}');
    expect(arrayLiteral([])).toBe('{}');
  });

  it('counts an outage in whole minutes, so far while it goes on', () => {
    const down = new Date('2031-05-01T10:00:00Z');
    expect(downMinutes(down, new Date('2031-05-01T10:04:59Z'), new Date())).toBe(4);
    expect(downMinutes(down, null, new Date('2031-05-01T11:00:00Z'))).toBe(60);
  });
});
