import { isLoopbackHost, maskKey, parseRoutersConfig } from './routers-config';
import { brasIdentity, callerIdOf, pppoeIdOf, remoteAddressOf, sessionEventBody } from './session-event';

describe('session events', () => {
  it('writes the form body the routers’ scripts post', () => {
    const body = sessionEventBody({
      action: 'down',
      user: 'rahim482@isp',
      callerId: 'A0:94:6A:89:97:D0',
      remoteAddress: '100.64.1.2',
      router: brasIdentity('bdcom-epon-1'),
    });
    expect(body).toBe(
      'action=down&user=rahim482%40isp&caller-id=A0%3A94%3A6A%3A89%3A97%3AD0&remote-address=100.64.1.2&router=BRAS-bdcom-epon-1',
    );
    expect(Object.fromEntries(new URLSearchParams(body))).toEqual({
      action: 'down',
      user: 'rahim482@isp',
      'caller-id': 'A0:94:6A:89:97:D0',
      'remote-address': '100.64.1.2',
      router: 'BRAS-bdcom-epon-1',
    });
  });

  it('writes caller-id as RouterOS does, and reads the PPPoE id as the console does', () => {
    expect(callerIdOf('a0:94:6a:89:97:d0')).toBe('A0:94:6A:89:97:D0');
    expect(callerIdOf('a094.6a89.97d0')).toBe('A0:94:6A:89:97:D0');
    expect(callerIdOf(null)).toBe('');
    expect(pppoeIdOf('rahim482@isp')).toBe('rahim482@isp');
    expect(pppoeIdOf('pppoe:abc123, other@isp')).toBe('abc123');
    expect(pppoeIdOf(null)).toBeNull();
    expect(pppoeIdOf('HWTC1a2b3c4d', ['HWTC1a2b3c4d'])).toBeNull();
  });

  it('gives every subscriber of a fleet its own address in 100.64.0.0/10', () => {
    const seen = new Set<string>();
    for (let d = 0; d < 200; d++)
      for (let p = 1; p <= 16; p++)
        for (const o of [0, 1, 64, 127, 128]) {
          const ip = remoteAddressOf(d, p, o);
          const [a, b] = ip.split('.').map(Number);
          expect(a).toBe(100);
          expect(b >= 64 && b <= 127).toBe(true);
          seen.add(ip);
        }
    expect(seen.size).toBe(200 * 16 * 5);
    expect(remoteAddressOf(3, 2, 7)).toBe(remoteAddressOf(3, 2, 7));
  });
});

describe('routers config', () => {
  it('accepts loopback URLs only', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', 'api.localhost', '[::1]'])
      expect(isLoopbackHost(new URL(`http://${h}:3000/`).hostname)).toBe(true);
    for (const h of ['10.0.0.1', '128.0.0.1', 'example.com', '127.0.0.1.nip.io', '[::2]', '0.0.0.0'])
      expect(isLoopbackHost(new URL(`http://${h}:3000/`).hostname)).toBe(false);
  });

  it('parses PUT /routers, with a default rate of 0, and refuses what it cannot use', () => {
    const url = 'http://127.0.0.1:3000/api/v1/ingest/session-events';
    expect(parseRoutersConfig({ url, key: 'k-123' })).toEqual({ url, key: 'k-123', pppDropsPerMinute: 0 });
    expect(parseRoutersConfig({ url, key: 'k', pppDropsPerMinute: 2, seed: 9 })).toEqual({
      url,
      key: 'k',
      pppDropsPerMinute: 2,
      seed: 9,
    });
    expect(parseRoutersConfig({ url: 'http://10.0.0.5/x', key: 'k' })).toMatch(/loopback/);
    expect(parseRoutersConfig({ url: 'ftp://127.0.0.1/x', key: 'k' })).toMatch(/http/);
    expect(parseRoutersConfig({ url: 'nope', key: 'k' })).toMatch(/valid URL/);
    expect(parseRoutersConfig({ url, key: '' })).toMatch(/key/);
    expect(parseRoutersConfig({ url, key: 'a\r\nb' })).toMatch(/key/);
    expect(parseRoutersConfig({ url, key: 'k', pppDropsPerMinute: -1 })).toMatch(/pppDropsPerMinute/);
    expect(parseRoutersConfig(null)).toMatch(/JSON object/);
  });

  it('masks the key', () => {
    expect(maskKey('pdk_0123456789abcdef')).toBe('pdk_************');
    expect(maskKey('short')).toBe('*****');
  });
});
