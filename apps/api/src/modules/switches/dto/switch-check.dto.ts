import type { SwitchCheckRequest } from '@pondesk/contracts';
import {
  IsFlag,
  IsHost,
  IsPort,
  IsShortString,
  IsUuid,
} from '../../../common/validation/validation.decorators';
import { IsDeviceCredential } from '../../olts/dto/device-credential';
import { SWITCH_MAX_LENGTH } from './create-switch.dto';

export class SwitchCheckDto implements SwitchCheckRequest {
  @IsHost({ docs: { example: '10.0.0.3' } }) ip!: string;
  @IsPort() snmpPort!: number;
  @IsDeviceCredential()
  @IsShortString(SWITCH_MAX_LENGTH.community, {
    optional: true,
    docs: {
      writeOnly: true,
      description: "Left out: the stored switch's (`switchId`), at its own address only",
    },
  })
  community?: string;
  @IsUuid({ optional: true, docs: { description: 'A stored switch whose community the check may use' } })
  switchId?: string;
  @IsFlag({ optional: true, docs: { description: 'Also identify the optics kind (Detect)' } })
  detect?: boolean;
}
