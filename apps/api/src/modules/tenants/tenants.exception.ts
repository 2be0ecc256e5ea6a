import { HttpStatus, NotFoundException } from '@nestjs/common';

export enum TenantsErrorCode {
  TENANT_NOT_FOUND = 'TENANT_NOT_FOUND',
}

export const tenantNotFound = () =>
  new NotFoundException({
    statusCode: HttpStatus.NOT_FOUND,
    message: 'Tenant not found',
    code: TenantsErrorCode.TENANT_NOT_FOUND,
  });
