import { dialInCommand } from './vpn-command';

const dialIn = {
  connectionName: 'pondesk-l2tp',
  server: 'vpn.isp-platform.example',
  username: 'pd-1a2b3c4d',
  password: 'Tq8vW2nL5xR7mK3pHc4ZaB9e',
};

describe('the dial-in command', () => {
  it('adds an enabled L2TP client dialling the concentrator with the secret', () => {
    expect(dialInCommand('l2tp', dialIn)).toBe(
      '/interface l2tp-client add name=pondesk-l2tp connect-to=vpn.isp-platform.example ' +
        'user=pd-1a2b3c4d password=Tq8vW2nL5xR7mK3pHc4ZaB9e disabled=no',
    );
  });

  it("uses each tunnel kind's own client menu", () => {
    const at = { ...dialIn, server: '203.0.113.7' };
    expect(dialInCommand('sstp', { ...at, connectionName: 'pondesk-sstp' })).toBe(
      '/interface sstp-client add name=pondesk-sstp connect-to=203.0.113.7 ' +
        'user=pd-1a2b3c4d password=Tq8vW2nL5xR7mK3pHc4ZaB9e disabled=no',
    );
    expect(dialInCommand('pptp', at)).toMatch(
      /^\/interface pptp-client add name=pondesk-l2tp connect-to=203\.0\.113\.7 /,
    );
    expect(dialInCommand('ovpn', at)).toMatch(/^\/interface ovpn-client add /);
  });
});
