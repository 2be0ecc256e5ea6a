export enum TelnetErrorCode {
  CONNECT_FAILED = 'TELNET_CONNECT_FAILED',
  LOGIN_TIMEOUT = 'TELNET_LOGIN_TIMEOUT',
  AUTH_FAILED = 'TELNET_AUTH_FAILED',
  ENABLE_FAILED = 'TELNET_ENABLE_FAILED',
  COMMAND_TIMEOUT = 'TELNET_COMMAND_TIMEOUT',
  COMMAND_FAILED = 'TELNET_COMMAND_FAILED',
  CLOSED = 'TELNET_CLOSED',
  OUTPUT_TOO_LARGE = 'TELNET_OUTPUT_TOO_LARGE',
  /** A credential or command with control characters: refused before anything is written. */
  INVALID_INPUT = 'TELNET_INVALID_INPUT',
}

export class TelnetError extends Error {
  constructor(
    readonly code: TelnetErrorCode,
    message: string,
    readonly target: string,
    /** What the device printed so far, for diagnosis. */
    readonly output?: string,
  ) {
    super(message);
    this.name = 'TelnetError';
  }
}
