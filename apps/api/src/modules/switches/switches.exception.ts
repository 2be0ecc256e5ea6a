import { BadRequestException, NotFoundException } from '@nestjs/common';

export enum SwitchErrorCode {
  SWITCH_NOT_FOUND = 'SWITCH_NOT_FOUND',
  SWITCH_PORT_NOT_FOUND = 'SWITCH_PORT_NOT_FOUND',
  /** The OLT named is not one of the tenant's that the user may see. */
  SWITCH_OLT_NOT_FOUND = 'SWITCH_OLT_NOT_FOUND',
  /** A stored community would go to a new address or port without being typed again. */
  SECRET_REENTRY_REQUIRED = 'SECRET_REENTRY_REQUIRED',
  /** A check with neither a community nor a stored switch to take it from. */
  COMMUNITY_REQUIRED = 'COMMUNITY_REQUIRED',
}

/** A 400 naming one field, in the shape the validation pipe answers with. */
function fieldError(field: string, message: string, code: SwitchErrorCode): BadRequestException {
  return new BadRequestException({
    statusCode: 400,
    error: 'Bad Request',
    message,
    code,
    fields: [{ field, message }],
  });
}

export const switchNotFound = () =>
  new NotFoundException({
    statusCode: 404,
    message: 'Switch not found',
    code: SwitchErrorCode.SWITCH_NOT_FOUND,
  });

export const switchPortNotFound = () =>
  new NotFoundException({
    statusCode: 404,
    message: 'Switch port not found',
    code: SwitchErrorCode.SWITCH_PORT_NOT_FOUND,
  });

export const switchOltNotFound = () =>
  fieldError('oltId', 'OLT is not one of your OLTs', SwitchErrorCode.SWITCH_OLT_NOT_FOUND);

export const communityReentryRequired = (what: 'address' | 'SNMP port') =>
  fieldError(
    'community',
    `Re-enter the SNMP community: the switch's ${what} changed`,
    SwitchErrorCode.SECRET_REENTRY_REQUIRED,
  );

export const checkCommunityRequired = (message: string) =>
  fieldError('community', message, SwitchErrorCode.COMMUNITY_REQUIRED);

export const requiredFieldCleared = (field: string) =>
  new BadRequestException({
    statusCode: 400,
    error: 'Bad Request',
    message: `${field} cannot be empty`,
    fields: [{ field, message: `${field} cannot be empty` }],
  });
