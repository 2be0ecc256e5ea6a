import { BadRequestException, NotFoundException } from '@nestjs/common';

export enum AlertErrorCode {
  ALERT_KIND_NOT_FOUND = 'ALERT_KIND_NOT_FOUND',
  ALERT_CHANNEL_NOT_FOUND = 'ALERT_CHANNEL_NOT_FOUND',
  /** Another tenant's alert, or one about an OLT the user may not see, is answered as if it did not exist. */
  ALERT_NOT_FOUND = 'ALERT_NOT_FOUND',
  ALERT_SILENCE_NOT_FOUND = 'ALERT_SILENCE_NOT_FOUND',
  /** A channel keeps its kind: its settings and secret mean nothing to another kind's API. */
  ALERT_CHANNEL_KIND_CHANGED = 'ALERT_CHANNEL_KIND_CHANGED',
  /** The silenced OLT, switch or POP is not one of the tenant's (or an OLT the user may not see). */
  ALERT_SILENCE_TARGET_NOT_FOUND = 'ALERT_SILENCE_TARGET_NOT_FOUND',
}

const notFound = (message: string, code: AlertErrorCode) =>
  new NotFoundException({ statusCode: 404, message, code });

/** A 400 naming one field, in the shape the validation pipe answers with. */
function fieldError(field: string, message: string, code: AlertErrorCode): BadRequestException {
  return new BadRequestException({
    statusCode: 400,
    error: 'Bad Request',
    message,
    code,
    fields: [{ field, message }],
  });
}

export const alertKindNotFound = () => notFound('Alert kind not found', AlertErrorCode.ALERT_KIND_NOT_FOUND);
export const alertChannelNotFound = () =>
  notFound('Alert channel not found', AlertErrorCode.ALERT_CHANNEL_NOT_FOUND);
export const alertNotFound = () => notFound('Alert not found', AlertErrorCode.ALERT_NOT_FOUND);
export const alertSilenceNotFound = () =>
  notFound('Silence not found', AlertErrorCode.ALERT_SILENCE_NOT_FOUND);

export const alertChannelKindChanged = () =>
  fieldError(
    'kind',
    "A channel's kind cannot change; add a new channel instead",
    AlertErrorCode.ALERT_CHANNEL_KIND_CHANGED,
  );

export const silenceTargetNotFound = (targetType: string) =>
  fieldError(
    'targetId',
    `targetId is not one of your ${targetType === 'olt' ? 'OLTs' : targetType === 'pop' ? 'POPs' : 'switches'}`,
    AlertErrorCode.ALERT_SILENCE_TARGET_NOT_FOUND,
  );
