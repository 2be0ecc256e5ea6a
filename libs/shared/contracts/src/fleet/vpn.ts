/**
 * The tenant's VPN into the platform: the ISP's MikroTik dials the platform's concentrator (a MikroTik the
 * platform runs, set by environment `VPN_CONCENTRATOR_*`), so the worker reaches OLTs behind the ISP's
 * NAT through the tunnel. REST routes (under `/api/v1`):
 *   GET    /profile/vpn                        [2000] → VpnState
 *   POST   /profile/vpn                        [2000] → VpnState ('VPN Added Successfully!'; a second call
 *                                                       answers the same account)
 *   DELETE /profile/vpn                        [2000] → VpnState (the secret removed on the concentrator)
 *   POST   /olts/vpn-test   OltVpnTestRequest  [2006] → OltVpnTestResult ('Test Success' / 'Please Connect VPN')
 */

export const VPN_ADDED_MESSAGE = 'VPN Added Successfully!';
export const VPN_REMOVED_MESSAGE = 'VPN Removed';
export const VPN_NOT_ENABLED_MESSAGE =
  'The platform has not enabled VPN: no VPN concentrator is configured on this installation.';
export const VPN_TEST_SUCCESS = 'Test Success';
export const VPN_CONNECT_FIRST = 'Please Connect VPN';

/** The tunnel kinds a concentrator can offer; the command an ISP pastes differs by kind. */
export const VPN_SERVICES = ['l2tp', 'sstp', 'pptp', 'ovpn'] as const;
export type VpnService = (typeof VPN_SERVICES)[number];

export interface VpnAccount {
  /** The interface name the command creates on the ISP's router. */
  connectionName: string;
  /** Spec labels: 'PPPoE Username', 'PPPoE Password' (a PPP secret on the concentrator). */
  username: string;
  password: string;
  /** The RouterOS command the ISP pastes into its router's terminal to dial in. */
  command: string;
  service: VpnService;
  /** The concentrator's public address the command dials. */
  server: string;
  createdAt: string;
}

export interface VpnState {
  /** False when the platform has no concentrator configured (then `account` is null and Add VPN explains). */
  enabled: boolean;
  account: VpnAccount | null;
  /** Whether the tenant's router is dialled in now; null when it could not be read. */
  connected: boolean | null;
  /** A line for the page: the success message, or why the concentrator could not be read. */
  message: string | null;
}

export interface OltVpnTestRequest {
  /** The OLT's address as the worker reaches it through the tunnel. */
  host: string;
  telnetPort: number;
  snmpPort: number;
  httpPort?: number;
  httpsPort?: number;
  /**
   * The community typed into the form: SNMP answers only a request with a community it knows, so without
   * one the snmp port's state is 'unknown'.
   */
  community?: string;
}

export type PortState = 'open' | 'closed' | 'unknown';

/** Spec's VPN info: telnet, snmp, http, https with their ports, and error. */
export interface OltVpnTestResult {
  ok: boolean;
  /** VPN_TEST_SUCCESS, VPN_CONNECT_FIRST, VPN_NOT_ENABLED_MESSAGE or why the check failed. */
  message: string;
  ports: { service: 'telnet' | 'snmp' | 'http' | 'https'; port: number; state: PortState }[];
}
