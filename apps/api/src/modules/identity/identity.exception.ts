import { ConflictException, HttpException, HttpStatus } from '@nestjs/common';
import { IDENTITY_MESSAGES } from '@pondesk/contracts';

export enum IdentityErrorCode {
  USERNAME_TAKEN = 'USERNAME_TAKEN',
  EMAIL_TAKEN = 'EMAIL_TAKEN',
  ACCOUNT_TAKEN = 'ACCOUNT_TAKEN',
  REFRESH_TOKEN_INVALID = 'REFRESH_TOKEN_INVALID',
}

function conflict(code: IdentityErrorCode, field: string, message: string): ConflictException {
  return new ConflictException({
    statusCode: HttpStatus.CONFLICT,
    message,
    code,
    fields: [{ field, message }],
  });
}

export const usernameTaken = (field = 'username') =>
  conflict(IdentityErrorCode.USERNAME_TAKEN, field, IDENTITY_MESSAGES.usernameTaken);
export const emailTaken = (field = 'email') =>
  conflict(IdentityErrorCode.EMAIL_TAKEN, field, IDENTITY_MESSAGES.emailTaken);

/**
 * Sign-up's answer when the username or the email (or both) is taken: the same for each, naming every
 * field, so it does not tell which addresses have accounts.
 */
export const accountTaken = (fields: string[]) =>
  new ConflictException({
    statusCode: HttpStatus.CONFLICT,
    message: IDENTITY_MESSAGES.accountTaken,
    code: IdentityErrorCode.ACCOUNT_TAKEN,
    fields: fields.map((field) => ({ field, message: IDENTITY_MESSAGES.accountTaken })),
  });

export const sessionEnded = () =>
  new HttpException(
    {
      statusCode: HttpStatus.UNAUTHORIZED,
      message: 'Your session has ended. Please sign in again.',
      code: IdentityErrorCode.REFRESH_TOKEN_INVALID,
    },
    HttpStatus.UNAUTHORIZED,
  );
