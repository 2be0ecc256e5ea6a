import { HttpException, HttpStatus } from '@nestjs/common';

export enum MonitorErrorCode {
  SERVER_NOT_FOUND = 'SERVER_NOT_FOUND',
  SERVER_IP_TAKEN = 'SERVER_IP_TAKEN',
  LOGO_NOT_IMAGE = 'LOGO_NOT_IMAGE',
  LOGO_TOO_LARGE = 'LOGO_TOO_LARGE',
  LOGO_CONFLICT = 'LOGO_CONFLICT',
  UPLOAD_INVALID = 'UPLOAD_INVALID',
  POP_NOT_FOUND = 'POP_NOT_FOUND',
  POP_NAME_TAKEN = 'POP_NAME_TAKEN',
  BRANCH_NOT_FOUND = 'BRANCH_NOT_FOUND',
  POP_SOURCE_NOT_FOUND = 'POP_SOURCE_NOT_FOUND',
  POP_SOURCE_IP_TAKEN = 'POP_SOURCE_IP_TAKEN',
  SERVICE_NOT_FOUND = 'SERVICE_NOT_FOUND',
  SERVICE_NAME_TAKEN = 'SERVICE_NAME_TAKEN',
}

/** The one error shape of the feature; with `field`, the 400/409 names the input it is about. */
export class MonitorException extends HttpException {
  constructor(code: MonitorErrorCode, message: string, status: HttpStatus, field?: string) {
    super({ statusCode: status, message, code, ...(field ? { fields: [{ field, message }] } : {}) }, status);
  }
}

const notFound = (code: MonitorErrorCode, message: string) =>
  new MonitorException(code, message, HttpStatus.NOT_FOUND);

export const serverNotFound = () => notFound(MonitorErrorCode.SERVER_NOT_FOUND, 'Server not found');
export const popNotFound = () => notFound(MonitorErrorCode.POP_NOT_FOUND, 'POP not found');
export const popSourceNotFound = () =>
  notFound(MonitorErrorCode.POP_SOURCE_NOT_FOUND, 'POP source not found');
export const serviceNotFound = () => notFound(MonitorErrorCode.SERVICE_NOT_FOUND, 'Service not found');

export const conflict = (code: MonitorErrorCode, message: string, field: string) =>
  new MonitorException(code, message, HttpStatus.CONFLICT, field);

export const badField = (code: MonitorErrorCode, message: string, field: string) =>
  new MonitorException(code, message, HttpStatus.BAD_REQUEST, field);
