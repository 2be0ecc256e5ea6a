import { loadConfig } from './load-config';
import { vpnSettings } from './env.schema';

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pondesk',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_SECRET: 'x'.repeat(32),
  ENCRYPTION_KEY: 'ab'.repeat(32),
};

const vpn = {
  VPN_CONCENTRATOR_HOST: '10.20.0.1',
  VPN_CONCENTRATOR_USER: 'pondesk',
  VPN_CONCENTRATOR_PASSWORD: 'concentrator-secret',
  VPN_PUBLIC_ADDRESS: 'vpn.isp-platform.example',
};

describe('VPN concentrator settings', () => {
  it('leaves VPN off when none of its variables is set, or when they are set empty', () => {
    expect(vpnSettings(loadConfig({ ...valid }))).toBeNull();
    const empty = {
      VPN_CONCENTRATOR_HOST: '',
      VPN_CONCENTRATOR_PORT: '',
      VPN_CONCENTRATOR_TRANSPORT: '',
      VPN_CONCENTRATOR_USER: '',
      VPN_CONCENTRATOR_PASSWORD: '',
      VPN_CONCENTRATOR_PROFILE: '',
      VPN_SERVICE: '',
      VPN_PUBLIC_ADDRESS: '',
    };
    expect(vpnSettings(loadConfig({ ...valid, ...empty }))).toBeNull();
  });

  it('turns VPN on with host, user, password and public address: API port 8728, l2tp, default profile', () => {
    expect(vpnSettings(loadConfig({ ...valid, ...vpn }))).toEqual({
      host: '10.20.0.1',
      port: 8728,
      transport: 'api',
      username: 'pondesk',
      password: 'concentrator-secret',
      profile: null,
      service: 'l2tp',
      publicAddress: 'vpn.isp-platform.example',
    });
  });

  it("takes the transport's own port when none is given, and the given port, profile and service", () => {
    expect(vpnSettings(loadConfig({ ...valid, ...vpn, VPN_CONCENTRATOR_TRANSPORT: 'api-ssl' }))?.port).toBe(
      8729,
    );
    expect(vpnSettings(loadConfig({ ...valid, ...vpn, VPN_CONCENTRATOR_TRANSPORT: 'rest' }))?.port).toBe(443);
    expect(
      vpnSettings(
        loadConfig({
          ...valid,
          ...vpn,
          VPN_CONCENTRATOR_PORT: '18728',
          VPN_CONCENTRATOR_PROFILE: 'pondesk-vpn',
          VPN_SERVICE: 'sstp',
        }),
      ),
    ).toMatchObject({ port: 18728, profile: 'pondesk-vpn', service: 'sstp' });
  });

  it('refuses a partial set at start, naming the first missing variable and every missing one', () => {
    expect(() => loadConfig({ ...valid, VPN_CONCENTRATOR_HOST: '10.20.0.1' })).toThrow(
      'Invalid configuration: VPN_CONCENTRATOR_USER is required: VPN needs VPN_CONCENTRATOR_HOST, ' +
        'VPN_CONCENTRATOR_USER, VPN_CONCENTRATOR_PASSWORD and VPN_PUBLIC_ADDRESS together ' +
        '(missing: VPN_CONCENTRATOR_USER, VPN_CONCENTRATOR_PASSWORD, VPN_PUBLIC_ADDRESS)',
    );
    const { VPN_PUBLIC_ADDRESS: _omit, ...noAddress } = vpn;
    expect(() => loadConfig({ ...valid, ...noAddress })).toThrow(
      /^Invalid configuration: VPN_PUBLIC_ADDRESS is required: .*\(missing: VPN_PUBLIC_ADDRESS\)$/,
    );
  });

  it('never puts the concentrator password in a configuration error', () => {
    const { VPN_CONCENTRATOR_HOST: _omit, ...noHost } = vpn;
    let message = '';
    try {
      loadConfig({ ...valid, ...noHost });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration: VPN_CONCENTRATOR_HOST is required/);
    expect(message).not.toContain('concentrator-secret');
  });

  it('refuses malformed values, naming the variable', () => {
    expect(() => loadConfig({ ...valid, ...vpn, VPN_CONCENTRATOR_PORT: '70000' })).toThrow(
      /^Invalid configuration: VPN_CONCENTRATOR_PORT must be at most 65535/,
    );
    expect(() => loadConfig({ ...valid, ...vpn, VPN_CONCENTRATOR_TRANSPORT: 'ssh' })).toThrow(
      /^Invalid configuration: VPN_CONCENTRATOR_TRANSPORT must be one of api, api-ssl, rest/,
    );
    expect(() => loadConfig({ ...valid, ...vpn, VPN_SERVICE: 'wireguard' })).toThrow(
      /^Invalid configuration: VPN_SERVICE must be one of l2tp, sstp, pptp, ovpn/,
    );
    expect(() => loadConfig({ ...valid, ...vpn, VPN_PUBLIC_ADDRESS: 'http://vpn.example' })).toThrow(
      /^Invalid configuration: VPN_PUBLIC_ADDRESS must be a host name or IPv4 address/,
    );
    expect(() => loadConfig({ ...valid, ...vpn, VPN_CONCENTRATOR_PROFILE: 'two words' })).toThrow(
      /^Invalid configuration: VPN_CONCENTRATOR_PROFILE must be a PPP profile name/,
    );
  });
});
