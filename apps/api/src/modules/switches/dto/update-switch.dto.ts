import { OmitType, PartialType } from '@nestjs/swagger';
import type { UpdateSwitchRequest } from '@pondesk/contracts';
import { IsShortString } from '../../../common/validation/validation.decorators';
import { IsDeviceCredential } from '../../olts/dto/device-credential';
import { CreateSwitchDto, SWITCH_MAX_LENGTH } from './create-switch.dto';

/** Fields left out keep their value; null clears an optional one. */
export class UpdateSwitchDto
  extends PartialType(OmitType(CreateSwitchDto, ['community'] as const))
  implements UpdateSwitchRequest
{
  /** Empty or left out: the stored community is kept (the form never shows it). */
  @IsDeviceCredential()
  @IsShortString(SWITCH_MAX_LENGTH.community, {
    optional: true,
    docs: { writeOnly: true, description: 'Empty keeps the stored community' },
  })
  community?: string;
}
