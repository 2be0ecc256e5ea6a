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
  @IsShortString(MAX.community, { min: 1, docs: secret }) snmpCommunity!: string;
  @IsShortString(MAX.community, { ...optional, docs: secret }) snmpWriteCommunity?: string;
  @IsPort({ ...optional, docs: { default: DEFAULT_TELNET_PORT } }) telnetPort?: number;
  @IsPort(optional) httpPort?: number;
  @IsShortString(MAX.username, optional) username?: string;
  @IsShortString(MAX.secret, { ...optional, docs: secret }) password?: string;
  @IsShortString(MAX.secret, { ...optional, docs: secret }) enablePassword?: string;
  @IsShortString(MAX.description, optional) description?: string;
  @IsUuid(optional) branchId?: string;
  /** The MikroTik is optional; its user name or password without its address is refused. */
  @IsHostRequiredWith(['mikrotikUsername', 'mikrotikPassword'], MIKROTIK_HOST_REQUIRED_MESSAGE, {
    docs: { example: '10.0.0.1' },
  })
  mikrotikHost?: string;
  @IsPort({ ...optional, docs: { example: DEFAULT_MIKROTIK_PORT } }) mikrotikPort?: number;
  @IsShortString(MAX.username, optional) mikrotikUsername?: string;
  @IsShortString(MAX.secret, { ...optional, docs: secret }) mikrotikPassword?: string;
  @IsShortString(MAX.messengerId, optional) whatsappId?: string;
  @IsShortString(MAX.messengerId, optional) telegramId?: string;
  @IsInteger(RANGE.dataCollectionRatio.min, RANGE.dataCollectionRatio.max, {
    ...optional,
    docs: { minimum: RANGE.dataCollectionRatio.min, maximum: RANGE.dataCollectionRatio.max },
  })
  dataCollectionRatio?: number;
  @IsNumberInRange(RANGE.dbAlertRange.min, RANGE.dbAlertRange.max, {
    ...optional,
    docs: { description: 'dBm threshold for alerts, e.g. -27' },
  })
  dbAlertRange?: number;
  @IsShortString(MAX.billingPackage, optional) billingPackage?: string;
  @IsInteger(RANGE.billingMonths.min, RANGE.billingMonths.max, optional) billingMonths?: number;
  @IsInteger(MIN_POLL_INTERVAL_SECONDS, MAX_POLL_INTERVAL_SECONDS, {
    ...optional,
    docs: { default: DEFAULT_POLL_INTERVAL_SECONDS, minimum: MIN_POLL_INTERVAL_SECONDS },
  })
  pollIntervalSeconds?: number;
}
