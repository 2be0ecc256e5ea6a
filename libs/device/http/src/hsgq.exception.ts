export enum HsgqErrorCode {
  TIMEOUT = 'HSGQ_TIMEOUT',
  UNREACHABLE = 'HSGQ_UNREACHABLE',
  AUTH_FAILED = 'HSGQ_AUTH_FAILED',
  SESSION_REJECTED = 'HSGQ_SESSION_REJECTED',
  API_ERROR = 'HSGQ_API_ERROR',
  INVALID_RESPONSE = 'HSGQ_INVALID_RESPONSE',
  CLOSED = 'HSGQ_CLOSED',
}

export class HsgqError extends Error {
  constructor(
    readonly code: HsgqErrorCode,
    message: string,
    readonly target: string,
    /** The envelope `code` when the box answered. */
    readonly apiCode?: number,
  ) {
    super(message);
    this.name = 'HsgqError';
  }
}
