import { clientAddressOf } from './client-address';

describe('clientAddressOf', () => {
  const loopback = (address: string) => address === '127.0.0.1';

  it('is the TCP peer when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(clientAddressOf('203.0.113.9', '198.51.100.1', undefined)).toBe('203.0.113.9');
    expect(clientAddressOf('203.0.113.9', '198.51.100.1', () => false)).toBe('203.0.113.9');
  });

  it('walks X-Forwarded-For from the peer while each hop is a trusted proxy', () => {
    expect(clientAddressOf('127.0.0.1', '198.51.100.1, 203.0.113.7', loopback)).toBe('203.0.113.7');
    // A forged entry further left is not reached: the first untrusted hop is the client.
    expect(clientAddressOf('127.0.0.1', ['6.6.6.6', '203.0.113.7'], loopback)).toBe('203.0.113.7');
    expect(clientAddressOf('127.0.0.1', undefined, loopback)).toBe('127.0.0.1');
  });
});
