import { HttpException, HttpStatus } from '@nestjs/common';

export enum AuthErrorCode {
  INVALID_CREDENTIALS = 'INVALID_CREDENTIALS',
  ACCOUNT_ON_HOLD = 'ACCOUNT_ON_HOLD',
  EMAIL_NOT_REGISTERED = 'EMAIL_NOT_REGISTERED',
  RESET_TOKEN_INVALID = 'RESET_TOKEN_INVALID',
  RESET_NOT_CONFIGURED = 'RESET_NOT_CONFIGURED',
}

/** A domain error of sign-in and registration; `field` names the input it is about, when there is one. */
export class AuthException extends HttpException {
  constructor(code: AuthErrorCode, message: string, status: HttpStatus, field?: string) {
    super({ statusCode: status, message, code, ...(field ? { fields: [{ field, message }] } : {}) }, status);
  }
}
