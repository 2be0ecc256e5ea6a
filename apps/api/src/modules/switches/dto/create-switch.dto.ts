import {
  DEFAULT_SNMP_PORT,
  OLT_MAX_LENGTH as OLT_MAX,
  SWITCH_BRAND_CODES,
  SWITCH_DESCRIPTION_MAX,
  SWITCH_NAME_MAX,
  SWITCH_POLL_MINUTES as RATIO,
  SWITCH_RX_ALERT_DBM as ALERT,
  type SwitchBrandCode,
  type SwitchRequest,
} from '@pondesk/contracts';
import {
  IsHost,
  IsInteger,
  IsNumberInRange,
  IsOneOf,
  IsPort,
  IsShortString,
  IsUuid,
} from '../../../common/validation/validation.decorators';
import { IsDeviceCredential } from '../../olts/dto/device-credential';

const optional = { optional: true } as const;
/** The community is accepted but never shown again. */
const secret = { writeOnly: true } as const;

/** The columns' widths (migration Switches). */
export const SWITCH_MAX_LENGTH = {
  messengerId: 120,
  billingPackage: 80,
  community: OLT_MAX.community,
} as const;

export class CreateSwitchDto implements SwitchRequest {
  @IsShortString(SWITCH_NAME_MAX, { min: 1, trim: true }) name!: string;
  @IsHost({ docs: { example: '10.0.0.3', description: 'Sw IP' } }) ip!: string;
  @IsPort({ ...optional, docs: { default: DEFAULT_SNMP_PORT } }) snmpPort?: number;
  @IsDeviceCredential()
  @IsShortString(SWITCH_MAX_LENGTH.community, { min: 1, docs: secret })
  community!: string;
  @IsOneOf(SWITCH_BRAND_CODES, { message: `brand must be one of ${SWITCH_BRAND_CODES.join(', ')}` })
  brand!: SwitchBrandCode;
  @IsShortString(SWITCH_DESCRIPTION_MAX, { ...optional, nullable: true }) description?: string;
  @IsUuid({ ...optional, nullable: true, docs: { description: 'An OLT of the tenant the user may see' } })
  oltId?: string;
  @IsShortString(SWITCH_MAX_LENGTH.messengerId, { ...optional, nullable: true }) whatsappId?: string;
  @IsShortString(SWITCH_MAX_LENGTH.messengerId, { ...optional, nullable: true }) telegramId?: string;
  @IsInteger(RATIO.min, RATIO.max, {
    ...optional,
    nullable: true,
    docs: { default: RATIO.default, description: 'Minutes between polls' },
  })
  dataCollectionRatio?: number;
  @IsNumberInRange(ALERT.min, ALERT.max, {
    ...optional,
    nullable: true,
    docs: { default: ALERT.default, description: 'dBm: a port receiving less is critical' },
  })
  dbAlertRange?: number;
  @IsShortString(SWITCH_MAX_LENGTH.billingPackage, { ...optional, nullable: true }) billingPackage?: string;
}
