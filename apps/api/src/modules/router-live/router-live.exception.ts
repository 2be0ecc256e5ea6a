import { BadRequestException } from '@nestjs/common';

export enum RouterLiveErrorCode {
  PPPOE_NOT_ON_ONU = 'PPPOE_NOT_ON_ONU',
}

/** `?pppoe=` missing, or not one of the ONU's PPPoE ids: a 400 naming the field. */
export const pppoeNotOnOnu = (message: string) =>
  new BadRequestException({
    statusCode: 400,
    error: 'Bad Request',
    message,
    code: RouterLiveErrorCode.PPPOE_NOT_ON_ONU,
    fields: [{ field: 'pppoe', message }],
  });
