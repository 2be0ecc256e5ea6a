import { BadGatewayException, ConflictException, HttpException, HttpStatus } from '@nestjs/common';
import { VPN_NOT_ENABLED_MESSAGE } from '@pondesk/contracts';
import type { DeviceFailureCode } from '@pondesk/server-queue';

export enum VpnErrorCode {
  VPN_NOT_ENABLED = 'VPN_NOT_ENABLED',
  VPN_CONCENTRATOR_ERROR = 'VPN_CONCENTRATOR_ERROR',
}

/** The installation has no concentrator (or the worker's configuration has none): nothing was queued. */
export const vpnNotEnabled = () =>
  new ConflictException({
    statusCode: 409,
    message: VPN_NOT_ENABLED_MESSAGE,
    code: VpnErrorCode.VPN_NOT_ENABLED,
  });

/**
 * The worker's answer when the account could not be made or removed: the concentrator's trouble in its
 * words (unreachable, login refused, …), never a password.
 */
export function vpnFailure(code: DeviceFailureCode, error: string): HttpException {
  if (code === 'UNSUPPORTED') return vpnNotEnabled();
  return new BadGatewayException({
    statusCode: HttpStatus.BAD_GATEWAY,
    message: error,
    code: VpnErrorCode.VPN_CONCENTRATOR_ERROR,
  });
}
