/** Typed SNMP failures: callers branch on `code`, people read `message`. */
export enum SnmpErrorCode {
  TIMEOUT = 'SNMP_TIMEOUT',
  AUTH = 'SNMP_AUTH',
  NO_SUCH_NAME = 'SNMP_NO_SUCH_NAME',
  REQUEST_FAILED = 'SNMP_REQUEST_FAILED',
  INVALID_RESPONSE = 'SNMP_INVALID_RESPONSE',
  UNREACHABLE = 'SNMP_UNREACHABLE',
  CLOSED = 'SNMP_CLOSED',
  WALK_LIMIT = 'SNMP_WALK_LIMIT',
}

export class SnmpError extends Error {
  constructor(
    readonly code: SnmpErrorCode,
    message: string,
    readonly target: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'SnmpError';
  }
}
