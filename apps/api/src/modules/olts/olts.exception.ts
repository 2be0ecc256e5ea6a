import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import { BILLING_MESSAGES } from '@pondesk/contracts';

export enum OltErrorCode {
  OLT_NOT_FOUND = 'OLT_NOT_FOUND',
  OLT_CODE_TAKEN = 'OLT_CODE_TAKEN',
  BRANCH_NOT_FOUND = 'BRANCH_NOT_FOUND',
  /** An update moves a stored secret to a new address or port without typing it again. */
  SECRET_REENTRY_REQUIRED = 'SECRET_REENTRY_REQUIRED',
  /** Add OLT's billing is missing half, or names a package or months not offered. */
  BILLING_CHOICE_INVALID = 'BILLING_CHOICE_INVALID',
}

export const oltNotFound = () =>
  new NotFoundException({ statusCode: 404, message: 'Olt Id Not Found', code: OltErrorCode.OLT_NOT_FOUND });
export const oltCodeTaken = (code: string) =>
  new ConflictException({
    statusCode: 409,
    message: `Olt ID ${code} is already used`,
    code: OltErrorCode.OLT_CODE_TAKEN,
    fields: [{ field: 'code', message: 'is already used' }],
  });
export const branchNotFound = () =>
  new NotFoundException({
    statusCode: 404,
    message: 'Branch not found',
    code: OltErrorCode.BRANCH_NOT_FOUND,
    fields: [{ field: 'branchId', message: 'does not exist' }],
  });
export const billingChoiceInvalid = (
  field: 'billingPackage' | 'billingMonths',
  message: string = BILLING_MESSAGES.billingRequired,
) =>
  new BadRequestException({
    statusCode: 400,
    error: 'Bad Request',
    message,
    code: OltErrorCode.BILLING_CHOICE_INVALID,
    fields: [{ field, message }],
  });
