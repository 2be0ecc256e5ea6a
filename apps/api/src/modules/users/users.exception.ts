import { HttpException, HttpStatus } from '@nestjs/common';

export enum UsersErrorCode {
  USER_NOT_FOUND = 'USER_NOT_FOUND',
  ROLE_NOT_FOUND = 'ROLE_NOT_FOUND',
  BRANCH_NOT_FOUND = 'BRANCH_NOT_FOUND',
  CANNOT_CHANGE_SELF = 'CANNOT_CHANGE_SELF',
}

export class UsersException extends HttpException {
  constructor(code: UsersErrorCode, message: string, status: HttpStatus, field?: string) {
    super({ statusCode: status, message, code, ...(field ? { fields: [{ field, message }] } : {}) }, status);
  }
}

export const userNotFound = () =>
  new UsersException(UsersErrorCode.USER_NOT_FOUND, 'User not found', HttpStatus.NOT_FOUND);
