import { applyDecorators } from '@nestjs/common';
import { Matches } from 'class-validator';
import { CONTROL_CHARACTERS } from '@pondesk/contracts';

const NO_CONTROL_CHARACTERS = new RegExp(`^[^${CONTROL_CHARACTERS.source.slice(1, -1)}]*$`);

/**
 * A device credential (telnet user, password, enable password, SNMP community, MikroTik login) is typed
 * into a device's login dialogue or packet as is: a line break or any other control character (C0, DEL,
 * C1) would type something else there, so it is refused with a 400 naming the field.
 */
export function IsDeviceCredential(): PropertyDecorator {
  return applyDecorators(
    Matches(NO_CONTROL_CHARACTERS, {
      message: '$property must not contain control characters (such as line breaks)',
    }),
  );
}
