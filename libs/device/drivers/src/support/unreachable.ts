import { HsgqError, HsgqErrorCode } from '@pondesk/device-http';
import { SnmpError, SnmpErrorCode } from '@pondesk/device-snmp';
import { TelnetError, TelnetErrorCode } from '@pondesk/device-telnet';

/**
 * True when the device did not answer at all (timeout, refused, no route), as opposed to answering
 * something the driver could not use: only the former says anything about the OLT's reachability.
 */
export function isUnreachableError(error: unknown): boolean {
  if (error instanceof SnmpError)
    return error.code === SnmpErrorCode.TIMEOUT || error.code === SnmpErrorCode.UNREACHABLE;
  if (error instanceof TelnetError)
    return error.code === TelnetErrorCode.CONNECT_FAILED || error.code === TelnetErrorCode.LOGIN_TIMEOUT;
  if (error instanceof HsgqError)
    return error.code === HsgqErrorCode.TIMEOUT || error.code === HsgqErrorCode.UNREACHABLE;
  return false;
}
