import { NotFoundException } from '@nestjs/common';

export enum LogErrorCode {
  LOG_DEVICE_NOT_FOUND = 'LOG_DEVICE_NOT_FOUND',
}

/** A device of another tenant, or of an OLT the user may not see, is answered as if it did not exist. */
export const logDeviceNotFound = () =>
  new NotFoundException({
    statusCode: 404,
    message: 'Device not found',
    code: LogErrorCode.LOG_DEVICE_NOT_FOUND,
  });
