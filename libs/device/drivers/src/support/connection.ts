import type { SnmpV3Credentials, SnmpVersion } from '@pondesk/device-snmp';

/** How to reach one device; each transport is optional and used where the brand needs it. */
export interface DeviceConnection {
  host: string;
  snmp?: {
    port?: number;
    version?: SnmpVersion;
    community?: string;
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
