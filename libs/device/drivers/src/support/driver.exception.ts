export enum DriverErrorCode {
  UNSUPPORTED = 'DRIVER_UNSUPPORTED',
  NOT_FOUND = 'DRIVER_NOT_FOUND',
  NEEDS_CREDENTIALS = 'DRIVER_NEEDS_CREDENTIALS',
  DEVICE_ERROR = 'DRIVER_DEVICE_ERROR',
  UNKNOWN_DEVICE = 'DRIVER_UNKNOWN_DEVICE',
  CIRCUIT_OPEN = 'DRIVER_CIRCUIT_OPEN',
  /** A write step got a reply the path does not expect; nothing further was sent. */
  UNEXPECTED_REPLY = 'DRIVER_UNEXPECTED_REPLY',
  /** A write's path is inferred and the caller did not accept that. */
  INFERRED_NOT_ACCEPTED = 'DRIVER_INFERRED_NOT_ACCEPTED',
  /** A command's output matches no layout the parser knows (another firmware); no rows are guessed. */
  UNSUPPORTED_OUTPUT = 'DRIVER_UNSUPPORTED_OUTPUT',
}

export class DriverError extends Error {
  constructor(
    readonly code: DriverErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DriverError';
  }
}
