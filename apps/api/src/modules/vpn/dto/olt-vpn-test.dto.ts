import type { OltVpnTestRequest } from '@pondesk/contracts';
import { IsHost, IsPort, IsShortString } from '../../../common/validation/validation.decorators';
import { IsDeviceCredential } from '../../olts/dto/device-credential';

/** The OLT form's addresses, as the form validates them (the OLT reached through the tenant's VPN). */
export class OltVpnTestDto implements OltVpnTestRequest {
  @IsHost() host!: string;
  @IsPort() telnetPort!: number;
  @IsPort() snmpPort!: number;
  @IsPort({ optional: true }) httpPort?: number;
  @IsPort({ optional: true }) httpsPort?: number;
  /** Only for the SNMP check; never stored, never logged. */
  @IsDeviceCredential()
  @IsShortString(64, { optional: true, min: 1, docs: { writeOnly: true } })
  community?: string;
}
