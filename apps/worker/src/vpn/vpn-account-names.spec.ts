import {
  VPN_PASSWORD_LENGTH,
  generateVpnPassword,
  vpnConnectionName,
  vpnSecretComment,
  vpnUsernameCandidates,
} from './vpn-account-names';

describe('VPN account names', () => {
  it('names the secret pd- and the tenant id, shortest first, ending with the whole id', () => {
    expect(vpnUsernameCandidates('1A2B3C4D-5E6F-4a7b-8c9d-0e1f2a3b4c5d')).toEqual([
      'pd-1a2b3c4d',
      'pd-1a2b3c4d5e6f',
      'pd-1a2b3c4d5e6f4a7b8c9d0e1f2a3b4c5d',
    ]);
  });

  it('refuses a tenant id that is no UUID rather than making a short, clashing name', () => {
    expect(() => vpnUsernameCandidates('tenant-7')).toThrow('A tenant id is a UUID');
  });

  it('makes long passwords of letters and digits without look-alikes, different each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generateVpnPassword();
      expect(p).toHaveLength(VPN_PASSWORD_LENGTH);
      expect(p).toMatch(/^[A-HJ-NP-Za-km-z2-9]{24}$/);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });

  it('names the interface by the tunnel and the comment by the tenant', () => {
    expect(vpnConnectionName('l2tp')).toBe('pondesk-l2tp');
    expect(vpnConnectionName('ovpn')).toBe('pondesk-ovpn');
    expect(vpnSecretComment('1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d')).toBe(
      'PonDesk tenant 1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    );
  });
});
