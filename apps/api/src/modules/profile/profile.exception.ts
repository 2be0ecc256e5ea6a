import { HttpException, HttpStatus } from '@nestjs/common';

export enum ProfileErrorCode {
  CURRENT_PASSWORD_REQUIRED = 'CURRENT_PASSWORD_REQUIRED',
  CURRENT_PASSWORD_WRONG = 'CURRENT_PASSWORD_WRONG',
  OTP_NOT_REQUESTED = 'OTP_NOT_REQUESTED',
  OTP_EXPIRED = 'OTP_EXPIRED',
  OTP_INVALID = 'OTP_INVALID',
  OTP_TOO_MANY_ATTEMPTS = 'OTP_TOO_MANY_ATTEMPTS',
  OTP_COOLDOWN = 'OTP_COOLDOWN',
  PHOTO_MISSING = 'PHOTO_MISSING',
  PHOTO_NOT_IMAGE = 'PHOTO_NOT_IMAGE',
  ISP_NAME_NEEDS_ADMIN = 'ISP_NAME_NEEDS_ADMIN',
}

export class ProfileException extends HttpException {
  constructor(code: ProfileErrorCode, message: string, status: HttpStatus, field?: string) {
    super({ statusCode: status, message, code, ...(field ? { fields: [{ field, message }] } : {}) }, status);
  }
}
