import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  NotFoundException,
} from '@nestjs/common';
import type { DeviceFailureCode } from '@pondesk/server-queue';
import { oltNotFound } from '../olts/olts.exception';

export enum OnuErrorCode {
  ONU_NOT_FOUND = 'ONU_NOT_FOUND',
  PPPOE_NOT_FOUND = 'PPPOE_NOT_FOUND',
  ONU_PORT_NOT_FOUND = 'ONU_PORT_NOT_FOUND',
  OLT_BUSY = 'OLT_BUSY',
  DEVICE_UNSUPPORTED = 'DEVICE_UNSUPPORTED',
  DEVICE_ERROR = 'DEVICE_ERROR',
  WRITE_UNSUPPORTED = 'WRITE_UNSUPPORTED',
  WRITE_INFERRED_NOT_ACCEPTED = 'WRITE_INFERRED_NOT_ACCEPTED',
  WRITE_NO_EFFECT = 'WRITE_NO_EFFECT',
  WRITE_UNEXPECTED_REPLY = 'WRITE_UNEXPECTED_REPLY',
}

/** No reboot or delete path with evidence for this OLT (its brand and mode, or its stored credentials). */
export const writeUnsupported = (reason: string) =>
  new ConflictException({ statusCode: 409, message: reason, code: OnuErrorCode.WRITE_UNSUPPORTED });

/** The OLT's path is inferred and the request did not accept that. */
export const writeInferredNotAccepted = (message: string) =>
  new ConflictException({ statusCode: 409, message, code: OnuErrorCode.WRITE_INFERRED_NOT_ACCEPTED });

export const onuNotFound = () =>
  new NotFoundException({ statusCode: 404, message: 'ONU not found', code: OnuErrorCode.ONU_NOT_FOUND });

export const pppoeNotFound = (id: string) =>
  new NotFoundException({
    statusCode: 404,
    message: `No ONU carries the PPPoE ID ${id}`,
    code: OnuErrorCode.PPPOE_NOT_FOUND,
  });

export const portNotFound = (ifName: string) =>
  new BadRequestException({
    statusCode: 400,
    message: `There is no ONU ${ifName} on this OLT`,
    code: OnuErrorCode.ONU_PORT_NOT_FOUND,
    fields: [{ field: 'ifName', message: `no ONU ${ifName} on this OLT` }],
  });

/** The worker's answer when the device work did not succeed, as the HTTP error an operator can act on. */
export function deviceFailure(code: DeviceFailureCode, error: string): HttpException {
  switch (code) {
    case 'ONU_GONE':
      return new NotFoundException({ statusCode: 404, message: error, code: OnuErrorCode.ONU_NOT_FOUND });
    case 'OLT_GONE':
      return oltNotFound();
    case 'OLT_BUSY':
      return new ConflictException({ statusCode: 409, message: error, code: OnuErrorCode.OLT_BUSY });
    case 'INFERRED_NOT_ACCEPTED':
      return writeInferredNotAccepted(error);
    case 'NO_EFFECT':
      return new ConflictException({ statusCode: 409, message: error, code: OnuErrorCode.WRITE_NO_EFFECT });
    case 'UNEXPECTED_REPLY':
      return new BadGatewayException({
        statusCode: 502,
        message: `The OLT answered a write step unexpectedly, so nothing more was sent: ${error}`,
        code: OnuErrorCode.WRITE_UNEXPECTED_REPLY,
      });
    case 'UNSUPPORTED':
      return new HttpException(
        { statusCode: 501, message: error, code: OnuErrorCode.DEVICE_UNSUPPORTED },
        HttpStatus.NOT_IMPLEMENTED,
      );
    default:
      return new BadGatewayException({
        statusCode: 502,
        message: `The OLT did not answer as expected: ${error}`,
        code: OnuErrorCode.DEVICE_ERROR,
      });
  }
}
