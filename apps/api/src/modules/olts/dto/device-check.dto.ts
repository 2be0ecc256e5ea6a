import {
  OLT_BRANDS,
  OLT_MODES,
  type OltBrandCode,
  type OltModeCode,
  type PortCheckRequest,
  type ProbeRequest,
} from '@pondesk/contracts';
import { IsHost, IsOneOf, IsPort, IsShortString } from '../../../common/validation/validation.decorators';
import { IsDeviceCredential } from './device-credential';

export class PortCheckDto implements PortCheckRequest {
  @IsHost() host!: string;
  @IsPort() port!: number;
}

export class ProbeDto implements ProbeRequest {
  @IsHost() host!: string;
  @IsPort() snmpPort!: number;
  @IsDeviceCredential()
  @IsShortString(64, { min: 1, docs: { writeOnly: true } })
  community!: string;
  @IsOneOf(OLT_BRANDS, { optional: true }) brand?: OltBrandCode;
  @IsOneOf(OLT_MODES, { optional: true }) mode?: OltModeCode;
}
