import { HttpException, HttpStatus } from '@nestjs/common';
import { PACKAGE_EXPIRED_CODE } from '@pondesk/contracts';

/** A device action on an OLT whose package expired past its grace: 402 `package-expired`. */
export const packageExpired = (message: string) =>
  new HttpException({ statusCode: 402, message, code: PACKAGE_EXPIRED_CODE }, HttpStatus.PAYMENT_REQUIRED);
