import type { SnmpV3Credentials, SnmpVersion } from '@pondesk/device-snmp';

/** How to reach one device; each transport is optional and used where the brand needs it. */
export interface DeviceConnection {
  host: string;
  snmp?: {
    port?: number;
    version?: SnmpVersion;
    community?: string;
    /** The write community, for SNMP SET writes (reboot, delete); without it no SNMP write path is taken. */
    writeCommunity?: string;
    v3?: SnmpV3Credentials;
    timeoutMs?: number;
    retries?: number;
    maxRepetitions?: number;
  };
  telnet?: {
    port?: number;
    username: string;
    password: string;
    enablePassword?: string;
    connectTimeoutMs?: number;
    loginTimeoutMs?: number;
    commandTimeoutMs?: number;
  };
  http?: {
    port?: number;
    username: string;
    password: string;
    timeoutMs?: number;
  };
}
