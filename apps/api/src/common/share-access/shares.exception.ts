import { ConflictException, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { SHARE_MESSAGES } from '@pondesk/contracts';

/** The contract's `ShareErrorCode`, and the management routes' own. */
export enum SharesErrorCode {
  SHARE_INVALID = 'SHARE_INVALID',
  SHARE_EXISTS = 'SHARE_EXISTS',
  SHARE_NOT_FOUND = 'SHARE_NOT_FOUND',
}

/** Unknown, revoked or expired: one answer for all three, so a guess learns nothing. */
export const shareInvalid = () =>
  new UnauthorizedException({
    statusCode: 401,
    message: SHARE_MESSAGES.invalid,
    code: SharesErrorCode.SHARE_INVALID,
  });

export const shareExists = () =>
  new ConflictException({
    statusCode: 409,
    message: SHARE_MESSAGES.exists,
    code: SharesErrorCode.SHARE_EXISTS,
  });

export const shareNotFound = () =>
  new NotFoundException({
    statusCode: 404,
    message: 'Share link not found',
    code: SharesErrorCode.SHARE_NOT_FOUND,
  });
