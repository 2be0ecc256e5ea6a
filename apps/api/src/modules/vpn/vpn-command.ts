import type { VpnService } from '@pondesk/contracts';

/** What the ISP's router needs to dial the concentrator. */
export interface DialIn {
  /** The interface the command creates on the ISP's router. */
  connectionName: string;
  /** The concentrator's public address. */
  server: string;
  username: string;
  password: string;
}

/** The RouterOS client menu of each tunnel kind (RouterOS manual: L2TP, SSTP, PPTP and OVPN clients). */
const CLIENT_MENU: Record<VpnService, string> = {
  l2tp: '/interface l2tp-client',
  sstp: '/interface sstp-client',
  pptp: '/interface pptp-client',
  ovpn: '/interface ovpn-client',
};

/**
 * The one line the ISP pastes into its MikroTik's terminal to dial in: the tunnel kind's client interface
 * with `connect-to`, `user` and `password` (the properties every RouterOS PPP client shares), enabled.
 * Each client's own defaults are those of the matching RouterOS server (SSTP on TCP 443, OVPN on 1194),
 * which the platform's concentrator is. Every value is made of letters, digits, dots and hyphens (names
 * and passwords are generated so, addresses are validated host names), so nothing needs quoting.
 */
export function dialInCommand(service: VpnService, d: DialIn): string {
  return (
    `${CLIENT_MENU[service]} add name=${d.connectionName} connect-to=${d.server} ` +
    `user=${d.username} password=${d.password} disabled=no`
  );
}
