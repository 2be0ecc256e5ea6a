export enum DriverErrorCode {
  UNSUPPORTED = 'DRIVER_UNSUPPORTED',
  NOT_FOUND = 'DRIVER_NOT_FOUND',
  NEEDS_CREDENTIALS = 'DRIVER_NEEDS_CREDENTIALS',
  DEVICE_ERROR = 'DRIVER_DEVICE_ERROR',
  UNKNOWN_DEVICE = 'DRIVER_UNKNOWN_DEVICE',
  CIRCUIT_OPEN = 'DRIVER_CIRCUIT_OPEN',
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

export function unsupported(brand: string, mode: string, what: string): DriverError {
  return new DriverError(DriverErrorCode.UNSUPPORTED, `${brand} ${mode}: ${what} is not supported`);
}
