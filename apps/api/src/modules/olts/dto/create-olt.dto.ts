import {
  DEFAULT_MIKROTIK_PORT,
  DEFAULT_POLL_INTERVAL_SECONDS,
  MIKROTIK_HOST_REQUIRED_MESSAGE,
  DEFAULT_SNMP_PORT,
  DEFAULT_TELNET_PORT,
  MAX_POLL_INTERVAL_SECONDS,
  MIN_POLL_INTERVAL_SECONDS,
  OLT_BRANDS,
  OLT_MAX_LENGTH as MAX,
  OLT_MODES,
  OLT_RANGE as RANGE,
  type CreateOltRequest,
  type OltBrandCode,
  type OltModeCode,
} from '@pondesk/contracts';
import {
  IsHost,
  IsHostRequiredWith,
  IsInteger,
  IsNumberInRange,
  IsOltCode,
  IsOneOf,
  IsPort,
  IsShortString,
  IsUuid,
} from '../../../common/validation/validation.decorators';
import { IsDeviceCredential } from './device-credential';

const optional = { optional: true } as const;
/** Credentials are accepted but never shown again. */
const secret = { writeOnly: true } as const;

export class CreateOltDto implements CreateOltRequest {
  @IsShortString(MAX.name, { min: 1, docs: { maxLength: MAX.name } }) name!: string;
  @IsOltCode({
    ...optional,
    docs: { maxLength: MAX.code, description: 'The Olt ID operators quote; generated when left out' },
  })
  code?: string;
  @IsHost({ docs: { example: '10.0.0.2' } }) host!: string;
  @IsOneOf(OLT_BRANDS) brand!: OltBrandCode;
  @IsOneOf(OLT_MODES) mode!: OltModeCode;
  @IsPort({ ...optional, docs: { default: DEFAULT_SNMP_PORT } }) snmpPort?: number;
  @IsDeviceCredential()
  @IsShortString(MAX.community, { min: 1, docs: secret })
  snmpCommunity!: string;
  @IsDeviceCredential()
  @IsShortString(MAX.community, { ...optional, nullable: true, docs: secret })
  snmpWriteCommunity?: string;
  @IsPort({ ...optional, docs: { default: DEFAULT_TELNET_PORT } }) telnetPort?: number;
  @IsPort({ ...optional, nullable: true }) httpPort?: number;
  @IsDeviceCredential()
  @IsShortString(MAX.username, { ...optional, nullable: true })
  username?: string;
  @IsDeviceCredential()
  @IsShortString(MAX.secret, { ...optional, nullable: true, docs: secret })
  password?: string;
  @IsDeviceCredential()
  @IsShortString(MAX.secret, { ...optional, nullable: true, docs: secret })
  enablePassword?: string;
  @IsShortString(MAX.description, { ...optional, nullable: true }) description?: string;
  @IsUuid({ ...optional, nullable: true }) branchId?: string;
  /** The MikroTik is optional; its user name or password without its address is refused. */
  @IsHostRequiredWith(['mikrotikUsername', 'mikrotikPassword'], MIKROTIK_HOST_REQUIRED_MESSAGE, {
    nullable: true,
    docs: { example: '10.0.0.1' },
  })
  mikrotikHost?: string;
  @IsPort({ ...optional, nullable: true, docs: { example: DEFAULT_MIKROTIK_PORT } }) mikrotikPort?: number;
  @IsDeviceCredential()
  @IsShortString(MAX.username, { ...optional, nullable: true })
  mikrotikUsername?: string;
  @IsDeviceCredential()
  @IsShortString(MAX.secret, { ...optional, nullable: true, docs: secret })
  mikrotikPassword?: string;
  @IsShortString(MAX.messengerId, { ...optional, nullable: true }) whatsappId?: string;
  @IsShortString(MAX.messengerId, { ...optional, nullable: true }) telegramId?: string;
  @IsShortString(MAX.logName, { ...optional, nullable: true }) logName?: string;
  @IsShortString(MAX.logName, { ...optional, nullable: true }) mikrotikLogName?: string;
  @IsInteger(RANGE.dataCollectionRatio.min, RANGE.dataCollectionRatio.max, {
    ...optional,
    nullable: true,
    docs: { minimum: RANGE.dataCollectionRatio.min, maximum: RANGE.dataCollectionRatio.max },
  })
  dataCollectionRatio?: number;
  @IsNumberInRange(RANGE.dbAlertRange.min, RANGE.dbAlertRange.max, {
    ...optional,
    nullable: true,
    docs: { description: 'dBm threshold for alerts, e.g. -27' },
  })
  dbAlertRange?: number;
  /** With billingMonths (both or neither): a due invoice for the new OLT is issued with it. */
  @IsShortString(MAX.billingPackage, {
    ...optional,
    docs: { description: "An offered OLT package's id (GET /billing/catalogue), or its name" },
  })
  billingPackage?: string;
  @IsInteger(RANGE.billingMonths.min, RANGE.billingMonths.max, {
    ...optional,
    docs: { description: "The months of an offered billing cycle (GET /billing/catalogue's cycles)" },
  })
  billingMonths?: number;
  @IsInteger(MIN_POLL_INTERVAL_SECONDS, MAX_POLL_INTERVAL_SECONDS, {
    ...optional,
    docs: { default: DEFAULT_POLL_INTERVAL_SECONDS, minimum: MIN_POLL_INTERVAL_SECONDS },
  })
  pollIntervalSeconds?: number;
}
