/**
 * SNMP writes: every SET goes through a client of its own, opened with the write community (never the read
 * community the polls use), and an agent's refusal becomes a DEVICE_ERROR that names the OID and the status.
 */
import { SnmpClient, SnmpSetRefusedError } from '@pondesk/device-snmp';
import type { DeviceConnection } from '../support/connection';
import { DriverError, DriverErrorCode } from '../support/driver.exception';

/** One INTEGER varbind of a SET. */
export interface SnmpIntegerSet {
  oid: string;
  value: number;
}

/**
 * Sends the SET requests in order, one request per inner list (a list's varbinds travel together, as the
 * evidence sends them), and stops at the first refusal.
 */
export async function runSnmpWrite(
  conn: DeviceConnection,
  requests: readonly (readonly SnmpIntegerSet[])[],
): Promise<void> {
  const s = conn.snmp;
  if (!s?.writeCommunity)
    throw new DriverError(DriverErrorCode.NEEDS_CREDENTIALS, 'an SNMP write needs the write community');
  const client = new SnmpClient({
    host: conn.host,
    port: s.port,
    version: s.version ?? 'v2c',
    community: s.writeCommunity,
    v3: s.v3,
    timeoutMs: s.timeoutMs,
    // A lost answer is not resent: a repeated reboot SET would reboot the ONU twice.
    retries: 0,
  });
  try {
    for (const request of requests) {
      try {
        await client.set(request.map((v) => ({ oid: v.oid, type: 'integer' as const, value: v.value })));
      } catch (e) {
        if (!(e instanceof SnmpSetRefusedError)) throw e;
        const oid = e.oid ?? request.map((v) => v.oid).join(', ');
        throw new DriverError(
          DriverErrorCode.DEVICE_ERROR,
          `the OLT refused the SNMP write of ${oid}: ${e.status}`,
        );
      }
    }
  } finally {
    client.close();
  }
}
