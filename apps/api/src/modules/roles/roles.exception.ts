import { HttpException, HttpStatus } from '@nestjs/common';

export enum RolesErrorCode {
  ROLE_NOT_FOUND = 'ROLE_NOT_FOUND',
  ROLE_NAME_TAKEN = 'ROLE_NAME_TAKEN',
  ROLE_CODE_TAKEN = 'ROLE_CODE_TAKEN',
  ROLE_IN_USE = 'ROLE_IN_USE',
  OWN_ADMIN_ACCESS = 'OWN_ADMIN_ACCESS',
}

export class RolesException extends HttpException {
  constructor(code: RolesErrorCode, message: string, status: HttpStatus, field?: string) {
    super({ statusCode: status, message, code, ...(field ? { fields: [{ field, message }] } : {}) }, status);
  }
}

export const roleNotFound = () =>
  new RolesException(RolesErrorCode.ROLE_NOT_FOUND, 'Role not found', HttpStatus.NOT_FOUND);
