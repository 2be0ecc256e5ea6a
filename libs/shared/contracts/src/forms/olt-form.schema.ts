import './zod-jitless';
import { z } from 'zod';
import {
  DEFAULT_MIKROTIK_PORT,
  DEFAULT_POLL_INTERVAL_SECONDS,
  DEFAULT_SNMP_PORT,
  DEFAULT_TELNET_PORT,
  MAX_POLL_INTERVAL_SECONDS,
  MIN_POLL_INTERVAL_SECONDS,
  OLT_MAX_LENGTH as MAX,
  OLT_RANGE as RANGE,
} from '../fleet/olt-limits';
import { OLT_BRANDS, OLT_MODES } from '../fleet/vocabulary';
import { HOST_MESSAGE, OLT_CODE_PATTERN, OLT_CODE_RULE, isHost } from '../validation/patterns';
import {
  PORT_MESSAGE,
  REQUIRED_MESSAGE,
  maxChars,
  numberText,
  parseDecimal,
  parseInteger,
  parsePort,
  requiredText,
} from './field-rules';

/**
 * The Add/Edit OLT form: its values (strings, as typed) and the checks that mirror the API's DTO
 * limits. Keys are the contract's field names so the server's 400 `fields` land under the same inputs.
 */
export type OltFormMode = 'create' | 'edit';

export const BILLING_REQUIRED_MESSAGE = 'Please Provide Billing Information';
/** The MikroTik is optional; once any of its own fields is filled, its address must be complete. */
export const MIKROTIK_HOST_REQUIRED_MESSAGE =
  'Mikrotik IP is required when a MikroTik user name or password is filled (leave them all empty if this OLT has no MikroTik)';
export const MIKROTIK_PORT_REQUIRED_MESSAGE = 'Mikrotik Port is required with a Mikrotik IP';

/** The OLT has a MikroTik: its address, user name or password is filled (the port has a default). */
export const hasMikrotik = (v: {
  mikrotikHost: string;
  mikrotikUsername: string;
  mikrotikPassword: string;
}): boolean => !!(v.mikrotikHost.trim() || v.mikrotikUsername.trim() || v.mikrotikPassword);
const optionalHost = () => z.string().refine((s) => !s.trim() || isHost(s), HOST_MESSAGE);
const optionalPort = () => numberText(parsePort, PORT_MESSAGE);
const requiredPort = () => numberText(parsePort, PORT_MESSAGE, REQUIRED_MESSAGE);

/** An option of a select that starts empty: '' until one is chosen. */
const choice = <T extends string>(options: readonly [T, ...T[]], message: string) =>
  z.enum(['', ...options] as ['', ...T[]], { error: message }).refine((v) => v !== '', message);

/** Create asks for the community and billing; edit keeps the stored community and never sends billing. */
export function oltFormSchema(mode: OltFormMode) {
  const create = mode === 'create';
  // The rule under the Olt ID input, which names the field already.
  const codeMessage = OLT_CODE_RULE.replace(/^code /, '');
  return z
    .object({
      name: requiredText('Olt Name is required').pipe(maxChars(MAX.name)),
      code: z.string().refine((s) => !s.trim() || OLT_CODE_PATTERN.test(s.trim()), codeMessage),
      host: requiredText('Olt IP is required').refine(isHost, HOST_MESSAGE),
      brand: choice(OLT_BRANDS, 'Choose a brand'),
      mode: choice(OLT_MODES, 'Choose a mode'),
      snmpPort: requiredPort(),
      telnetPort: requiredPort(),
      httpPort: optionalPort(),
      snmpCommunity: create
        ? z.string().min(1, 'SNMP community is required').pipe(maxChars(MAX.community))
        : maxChars(MAX.community),
      snmpWriteCommunity: maxChars(MAX.community),
      username: maxChars(MAX.username),
      password: maxChars(MAX.secret),
      enablePassword: maxChars(MAX.secret),
      description: maxChars(MAX.description),
      pollIntervalSeconds: numberText(
        (s) => parseInteger(s, MIN_POLL_INTERVAL_SECONDS, MAX_POLL_INTERVAL_SECONDS),
        `must be between ${MIN_POLL_INTERVAL_SECONDS} and ${MAX_POLL_INTERVAL_SECONDS} seconds`,
        REQUIRED_MESSAGE,
      ),
      mikrotikHost: optionalHost(),
      mikrotikPort: optionalPort(),
      mikrotikUsername: maxChars(MAX.username),
      mikrotikPassword: maxChars(MAX.secret),
      whatsappId: maxChars(MAX.messengerId),
      telegramId: maxChars(MAX.messengerId),
      logName: maxChars(MAX.logName),
      mikrotikLogName: maxChars(MAX.logName),
      dataCollectionRatio: numberText(
        (s) => parseInteger(s, RANGE.dataCollectionRatio.min, RANGE.dataCollectionRatio.max),
        `must be a whole number from ${RANGE.dataCollectionRatio.min} to ${RANGE.dataCollectionRatio.max}`,
      ),
      dbAlertRange: numberText(
        (s) => parseDecimal(s, RANGE.dbAlertRange.min, RANGE.dbAlertRange.max),
        `must be a dBm value from ${RANGE.dbAlertRange.min} to ${RANGE.dbAlertRange.max}`,
      ),
      billingPackage: create
        ? requiredText(BILLING_REQUIRED_MESSAGE).pipe(maxChars(MAX.billingPackage))
        : z.string(),
      billingMonths: create
        ? numberText(
            (s) => parseInteger(s, RANGE.billingMonths.min, RANGE.billingMonths.max),
            `must be a whole number of months from ${RANGE.billingMonths.min} to ${RANGE.billingMonths.max}`,
            BILLING_REQUIRED_MESSAGE,
          )
        : z.string(),
      branchId: z.string(),
    })
    .superRefine((v, ctx) => {
      if (!hasMikrotik(v)) return;
      if (!v.mikrotikHost.trim())
        ctx.addIssue({ code: 'custom', path: ['mikrotikHost'], message: MIKROTIK_HOST_REQUIRED_MESSAGE });
      if (!v.mikrotikPort.trim())
        ctx.addIssue({ code: 'custom', path: ['mikrotikPort'], message: MIKROTIK_PORT_REQUIRED_MESSAGE });
    });
}

export type OltFormSchema = ReturnType<typeof oltFormSchema>;
export type OltFormValues = z.input<OltFormSchema>;
export type OltFormField = keyof OltFormValues;

export function emptyOltForm(): OltFormValues {
  return {
    mikrotikHost: '',
    mikrotikPort: String(DEFAULT_MIKROTIK_PORT),
    mikrotikUsername: '',
    mikrotikPassword: '',
    name: '',
    code: '',
    host: '',
    brand: '',
    mode: '',
    branchId: '',
    snmpPort: String(DEFAULT_SNMP_PORT),
    snmpCommunity: '',
    snmpWriteCommunity: '',
    telnetPort: String(DEFAULT_TELNET_PORT),
    httpPort: '',
    username: '',
    password: '',
    enablePassword: '',
    description: '',
    pollIntervalSeconds: String(DEFAULT_POLL_INTERVAL_SECONDS),
    whatsappId: '',
    telegramId: '',
    logName: '',
    mikrotikLogName: '',
    dataCollectionRatio: '',
    dbAlertRange: '',
    billingPackage: '',
    billingMonths: '',
  };
}
