import {
  OLT_BRANDS,
  OLT_MODES,
  type CreateOltRequest,
  type OltBrandCode,
  type OltDetail,
  type OltModeCode,
  type UpdateOltRequest,
} from '@pondesk/contracts';

/**
 * The Add/Edit OLT form: its values (strings, as typed), client-side validation that mirrors the API's
 * DTO limits, and the mapping to the request bodies. Keys are the contract's field names so the
 * server's 400 `fields` land under the same inputs.
 */
export interface OltFormValues {
  mikrotikHost: string;
  mikrotikPort: string;
  mikrotikUsername: string;
  mikrotikPassword: string;
  name: string;
  code: string;
  host: string;
  brand: OltBrandCode | '';
  mode: OltModeCode | '';
  branchId: string;
  snmpPort: string;
  snmpCommunity: string;
  snmpWriteCommunity: string;
  telnetPort: string;
  httpPort: string;
  username: string;
  password: string;
  enablePassword: string;
  description: string;
  pollIntervalSeconds: string;
  whatsappId: string;
  telegramId: string;
  dataCollectionRatio: string;
  dbAlertRange: string;
  billingPackage: string;
  billingMonths: string;
}

export type OltFormField = keyof OltFormValues;
export type OltFormErrors = Partial<Record<OltFormField, string>>;
export type OltFormMode = 'create' | 'edit';

/** Secrets the API never returns: on edit an empty input keeps the stored value. */
export const SECRET_FIELDS = [
  'snmpCommunity',
  'snmpWriteCommunity',
  'password',
  'enablePassword',
  'mikrotikPassword',
] as const satisfies readonly OltFormField[];
export type SecretField = (typeof SECRET_FIELDS)[number];
/** Optional secrets that can be removed on edit (the community is required and can only be replaced). */
export type ClearableSecret = Exclude<SecretField, 'snmpCommunity'>;
export type SecretClears = Partial<Record<ClearableSecret, boolean>>;

export const DEFAULT_SNMP_PORT = 161;
export const DEFAULT_TELNET_PORT = 23;
export const DEFAULT_MIKROTIK_PORT = 8728;
export const DEFAULT_POLL_INTERVAL_SECONDS = 300;
export const MIN_POLL_INTERVAL_SECONDS = 60;

export const BILLING_REQUIRED_MESSAGE = 'Please Provide Billing Information';
export const HOST_MESSAGE = 'must be an IP address or a host name';

/** Same rule as the API's `HOST_PATTERN`: an IPv4 address or a host name. */
const HOST_PATTERN =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*$/;
const CODE_PATTERN = /^[\w.-]{1,40}$/;

export const isHost = (value: string): boolean => HOST_PATTERN.test(value.trim());

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
    dataCollectionRatio: '',
    dbAlertRange: '',
    billingPackage: '',
    billingMonths: '',
  };
}

const str = (v: string | number | null | undefined): string =>
  v === null || v === undefined ? '' : String(v);

/** Pre-fills the edit form; secrets stay empty (they are never returned). */
export function formFromDetail(d: OltDetail): OltFormValues {
  return {
    mikrotikHost: str(d.mikrotikHost),
    mikrotikPort: str(d.mikrotikPort),
    mikrotikUsername: str(d.mikrotikUsername),
    mikrotikPassword: '',
    name: d.name,
    code: d.code,
    host: d.host,
    brand: d.brand,
    mode: d.mode,
    branchId: str(d.branchId),
    snmpPort: str(d.snmpPort),
    snmpCommunity: '',
    snmpWriteCommunity: '',
    telnetPort: str(d.telnetPort),
    httpPort: str(d.httpPort),
    username: str(d.username),
    password: '',
    enablePassword: '',
    description: str(d.description),
    pollIntervalSeconds: str(d.pollIntervalSeconds),
    whatsappId: str(d.whatsappId),
    telegramId: str(d.telegramId),
    dataCollectionRatio: str(d.dataCollectionRatio),
    dbAlertRange: str(d.dbAlertRange),
    billingPackage: str(d.billingPackage),
    billingMonths: str(d.billingMonths),
  };
}

/** A whole number in [min, max], or null when the text is not one. */
export function parseInteger(text: string, min: number, max: number): number | null {
  const t = text.trim();
  if (!/^-?\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}

function parseDecimal(text: string, min: number, max: number): number | null {
  const t = text.trim();
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}

export const parsePort = (text: string): number | null => parseInteger(text, 1, 65535);

export function validateOltForm(v: OltFormValues, mode: OltFormMode): OltFormErrors {
  const errors: OltFormErrors = {};
  const maxLen = (field: OltFormField, max: number) => {
    if (v[field].length > max) errors[field] = `must be at most ${max} characters`;
  };
  const optionalInt = (field: OltFormField, min: number, max: number, message: string) => {
    if (v[field].trim() && parseInteger(v[field], min, max) === null) errors[field] = message;
  };
  const requiredInt = (field: OltFormField, min: number, max: number, message: string) => {
    if (!v[field].trim()) errors[field] = 'is required';
    else if (parseInteger(v[field], min, max) === null) errors[field] = message;
  };
  const portMessage = 'must be a port number (1–65535)';

  if (!v.name.trim()) errors.name = 'Olt Name is required';
  else maxLen('name', 120);
  if (v.code.trim() && !CODE_PATTERN.test(v.code.trim()))
    errors.code = 'may use letters, digits, dot, dash and underscore (1–40)';
  if (!v.host.trim()) errors.host = 'Olt IP is required';
  else if (!isHost(v.host)) errors.host = HOST_MESSAGE;
  if (!OLT_BRANDS.includes(v.brand as OltBrandCode)) errors.brand = 'Choose a brand';
  if (!OLT_MODES.includes(v.mode as OltModeCode)) errors.mode = 'Choose a mode';
  requiredInt('snmpPort', 1, 65535, portMessage);
  requiredInt('telnetPort', 1, 65535, portMessage);
  optionalInt('httpPort', 1, 65535, portMessage);
  if (mode === 'create' && !v.snmpCommunity) errors.snmpCommunity = 'SNMP community is required';
  maxLen('snmpCommunity', 64);
  maxLen('snmpWriteCommunity', 64);
  maxLen('username', 80);
  maxLen('password', 128);
  maxLen('enablePassword', 128);
  maxLen('description', 1000);
  requiredInt(
    'pollIntervalSeconds',
    MIN_POLL_INTERVAL_SECONDS,
    86400,
    `must be between ${MIN_POLL_INTERVAL_SECONDS} and 86400 seconds`,
  );

  if (v.mikrotikHost.trim() && !isHost(v.mikrotikHost)) errors.mikrotikHost = HOST_MESSAGE;
  optionalInt('mikrotikPort', 1, 65535, portMessage);
  maxLen('mikrotikUsername', 80);
  maxLen('mikrotikPassword', 128);

  maxLen('whatsappId', 120);
  maxLen('telegramId', 120);
  optionalInt('dataCollectionRatio', 1, 100, 'must be a whole number from 1 to 100');
  if (v.dbAlertRange.trim() && parseDecimal(v.dbAlertRange, -50, 0) === null)
    errors.dbAlertRange = 'must be a dBm value from -50 to 0';

  if (mode === 'create') {
    if (!v.billingPackage.trim()) errors.billingPackage = BILLING_REQUIRED_MESSAGE;
    else maxLen('billingPackage', 80);
    if (!v.billingMonths.trim()) errors.billingMonths = BILLING_REQUIRED_MESSAGE;
    else if (parseInteger(v.billingMonths, 1, 36) === null)
      errors.billingMonths = 'must be a whole number of months from 1 to 36';
  }
  return errors;
}

const text = (s: string): string | undefined => s.trim() || undefined;
const num = (s: string): number | undefined => (s.trim() ? Number(s.trim()) : undefined);

function requireBrandMode(v: OltFormValues): { brand: OltBrandCode; mode: OltModeCode } {
  if (!v.brand || !v.mode) throw new Error('brand and mode must be validated before mapping');
  return { brand: v.brand, mode: v.mode };
}

/** The POST /olts body of a validated form: empty optional fields are left out. */
export function toCreateRequest(v: OltFormValues): CreateOltRequest {
  const body: CreateOltRequest = {
    name: v.name.trim(),
    host: v.host.trim(),
    ...requireBrandMode(v),
    snmpCommunity: v.snmpCommunity,
    code: text(v.code),
    snmpPort: num(v.snmpPort),
    snmpWriteCommunity: v.snmpWriteCommunity || undefined,
    telnetPort: num(v.telnetPort),
    httpPort: num(v.httpPort),
    username: text(v.username),
    password: v.password || undefined,
    enablePassword: v.enablePassword || undefined,
    description: text(v.description),
    branchId: v.branchId || undefined,
    mikrotikHost: text(v.mikrotikHost),
    mikrotikPort: num(v.mikrotikPort),
    mikrotikUsername: text(v.mikrotikUsername),
    mikrotikPassword: v.mikrotikPassword || undefined,
    whatsappId: text(v.whatsappId),
    telegramId: text(v.telegramId),
    dataCollectionRatio: num(v.dataCollectionRatio),
    dbAlertRange: num(v.dbAlertRange),
    billingPackage: text(v.billingPackage),
    billingMonths: num(v.billingMonths),
    pollIntervalSeconds: num(v.pollIntervalSeconds),
  };
  return dropUndefined(body);
}

/**
 * PATCH /olts/:id body. The API accepts `null` for a nullable column that is being cleared (its DTO
 * fields are `@IsOptional()`), although `UpdateOltRequest` only types `undefined`; hence this wider type.
 */
export type OltUpdateBody = { [K in keyof UpdateOltRequest]?: UpdateOltRequest[K] | null };

/** Fields whose column is nullable: clearing them sends null. */
const NULLABLE: ReadonlySet<OltFormField> = new Set<OltFormField>([
  'httpPort',
  'username',
  'description',
  'branchId',
  'mikrotikHost',
  'mikrotikPort',
  'mikrotikUsername',
  'whatsappId',
  'telegramId',
  'dataCollectionRatio',
  'dbAlertRange',
]);
const NUMERIC: ReadonlySet<OltFormField> = new Set<OltFormField>([
  'snmpPort',
  'telnetPort',
  'httpPort',
  'mikrotikPort',
  'dataCollectionRatio',
  'dbAlertRange',
  'pollIntervalSeconds',
]);
const PLAIN_UPDATABLE = [
  'name',
  'code',
  'host',
  'brand',
  'mode',
  'snmpPort',
  'telnetPort',
  'httpPort',
  'username',
  'description',
  'branchId',
  'mikrotikHost',
  'mikrotikPort',
  'mikrotikUsername',
  'whatsappId',
  'telegramId',
  'dataCollectionRatio',
  'dbAlertRange',
  'pollIntervalSeconds',
] as const satisfies readonly (OltFormField & keyof UpdateOltRequest)[];

/**
 * The PATCH body of a validated edit form: only what changed against the loaded values. A typed secret
 * replaces the stored one; an empty one keeps it; a secret marked for removal is sent as ''.
 */
export function toUpdateRequest(
  v: OltFormValues,
  initial: OltFormValues,
  clears: SecretClears = {},
): OltUpdateBody {
  const body: Record<string, string | number | null> = {};
  for (const field of PLAIN_UPDATABLE) {
    const now = v[field].trim();
    if (now === initial[field].trim()) continue;
    if (!now) {
      if (NULLABLE.has(field)) body[field] = null;
      continue;
    }
    body[field] = NUMERIC.has(field) ? Number(now) : now;
  }
  for (const field of SECRET_FIELDS) {
    if (v[field]) body[field] = v[field];
    else if (field !== 'snmpCommunity' && clears[field]) body[field] = '';
  }
  return body as OltUpdateBody;
}

function dropUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined)) as T;
}

/** Maps the server's 400 `fields` onto the form; unknown field names are returned separately. */
export function serverFieldErrors(fields: Record<string, string>): {
  errors: OltFormErrors;
  other: string[];
} {
  const known = new Set(Object.keys(emptyOltForm()));
  const errors: OltFormErrors = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(fields)) {
    if (known.has(field)) errors[field as OltFormField] = message;
    else other.push(`${field}: ${message}`);
  }
  return { errors, other };
}
