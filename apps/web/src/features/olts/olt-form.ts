import {
  BOUND_SECRETS,
  emptyOltForm,
  secretsToReenter,
  type BoundSecret,
  type CreateOltRequest,
  type OltBrandCode,
  type OltDetail,
  type OltFormField,
  type OltFormValues,
  type OltModeCode,
  type UpdateOltRequest,
} from '@pondesk/contracts';

/**
 * The Add/Edit OLT form's mapping: loaded OLT → values, validated values → request bodies, server
 * 400 `fields` → inputs. The values, defaults and checks are `oltFormSchema` in the contracts.
 */
export type OltFormErrors = Partial<Record<OltFormField, string>>;

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
    logName: str(d.logName),
    mikrotikLogName: str(d.mikrotikLogName),
    dataCollectionRatio: str(d.dataCollectionRatio),
    dbAlertRange: str(d.dbAlertRange),
    billingPackage: str(d.billingPackage),
    billingMonths: str(d.billingMonths),
  };
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
    // The port's default alone is no MikroTik.
    mikrotikPort: text(v.mikrotikHost) ? num(v.mikrotikPort) : undefined,
    mikrotikUsername: text(v.mikrotikUsername),
    mikrotikPassword: v.mikrotikPassword || undefined,
    whatsappId: text(v.whatsappId),
    telegramId: text(v.telegramId),
    logName: text(v.logName),
    mikrotikLogName: text(v.mikrotikLogName),
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
  'logName',
  'mikrotikLogName',
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
  'logName',
  'mikrotikLogName',
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
  // A MikroTik removed (its IP cleared) takes its port along.
  if (!v.mikrotikHost.trim() && initial.mikrotikHost.trim()) body.mikrotikPort = null;
  for (const field of SECRET_FIELDS) {
    if (v[field]) body[field] = v[field];
    else if (field !== 'snmpCommunity' && clears[field]) body[field] = '';
  }
  return body as OltUpdateBody;
}

/** Which secrets the API has stored for this OLT (the community is required, so always). */
function storedSecrets(d: OltDetail): Record<BoundSecret, boolean> {
  return {
    snmpCommunity: true,
    snmpWriteCommunity: d.hasSnmpWriteCommunity,
    password: d.hasPassword,
    enablePassword: d.hasEnablePassword,
    mikrotikPassword: d.hasMikrotikPassword,
  };
}

/**
 * The stored secrets the edit form must ask for again, with why: the address or port they are sent to
 * has changed in the form (the API refuses the update otherwise). A secret typed, or marked for
 * removal, needs nothing.
 */
export function secretsToRetype(
  v: OltFormValues,
  initial: OltFormValues,
  detail: OltDetail,
  clears: SecretClears = {},
): Partial<Record<BoundSecret, string>> {
  const stored = storedSecrets(detail);
  const kept = Object.fromEntries(
    BOUND_SECRETS.map((f) => [f, stored[f] && !(f !== 'snmpCommunity' && clears[f])]),
  );
  const typed = Object.fromEntries(BOUND_SECRETS.map((f) => [f, v[f] !== '']));
  return Object.fromEntries(
    secretsToReenter(initial, v, kept, typed).map((r) => [r.field, r.message]),
  ) as Partial<Record<BoundSecret, string>>;
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
    // The server's message names the field in words already.
    else other.push(message);
  }
  return { errors, other };
}
