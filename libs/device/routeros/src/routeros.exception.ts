/** Why a RouterOS exchange failed, as every caller (worker, ponctl, tests) tells them apart. */
export enum RouterOsErrorCode {
  /** Nothing listens there, the host is unreachable, or the connection was refused or reset. */
  UNREACHABLE = 'ROUTEROS_UNREACHABLE',
  /** Connected (or connecting) but no answer within the time allowed. */
  TIMEOUT = 'ROUTEROS_TIMEOUT',
  /** The router refused the user name or password (API `!trap` on /login, REST 401). */
  LOGIN_FAILED = 'ROUTEROS_LOGIN_FAILED',
  /** The user may log in but not do this (REST 403, API "not enough permissions"). */
  NOT_PERMITTED = 'ROUTEROS_NOT_PERMITTED',
  /** The router answered the command with an error (`!trap`, REST 400/404/500): `category` and message kept. */
  COMMAND_FAILED = 'ROUTEROS_COMMAND_FAILED',
  /** The router ended the session (`!fatal`), or the connection closed mid-command. */
  CLOSED = 'ROUTEROS_CLOSED',
  /** What came back is not the protocol (bad framing, not JSON, a TLS port spoken to in clear). */
  PROTOCOL = 'ROUTEROS_PROTOCOL',
}

export class RouterOsError extends Error {
  constructor(
    readonly code: RouterOsErrorCode,
    message: string,
    /** `host:port` (never the user or password). */
    readonly target: string,
    /** The `!trap` category (0 missing item or command, 1 argument value, …, 5 API), when the router gave one. */
    readonly category?: number,
    /** The router's own words (the `!trap` message, REST `detail`), without this client's context. */
    readonly routerMessage?: string,
  ) {
    super(message);
    this.name = 'RouterOsError';
  }
}
