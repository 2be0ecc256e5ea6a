import {
  SWITCH_DESCRIPTION_MAX,
  SWITCH_NAME_MAX,
  SWITCH_POLL_MINUTES,
  SWITCH_RX_ALERT_DBM,
  isHost,
  isSwitchBrandCode,
  parseDecimal,
  parseInteger,
  parsePort,
  type SwitchBrandCode,
  type SwitchCheckRequest,
  type SwitchRequest,
  type SwitchRow,
  type UpdateSwitchRequest,
} from '@pondesk/contracts';

/** The switch popup's fields as typed (numbers too: an odd value is reported, not guessed). */
export interface SwitchFormValues {
  ip: string;
  community: string;
  snmpPort: string;
  description: string;
  name: string;
  whatsappId: string;
  telegramId: string;
  dataCollectionRatio: string;
  dbAlertRange: string;
  brand: SwitchBrandCode | '';
  billingPackage: string;
  oltId: string;
}

export type SwitchFormField = keyof SwitchFormValues;
export type SwitchFormErrors = Partial<Record<SwitchFormField, string>>;

/** The popup's fields: blank for Add New, the switch's for Edit (its community is never known here). */
export const switchFormFrom = (row: SwitchRow | null): SwitchFormValues => ({
  ip: row?.ip ?? '',
  community: '',
  snmpPort: String(row?.snmpPort ?? 161),
  description: row?.description ?? '',
  name: row?.name ?? '',
  whatsappId: row?.whatsappId ?? '',
  telegramId: row?.telegramId ?? '',
  dataCollectionRatio: String(row?.dataCollectionRatio ?? SWITCH_POLL_MINUTES.default),
  dbAlertRange: String(row?.dbAlertRange ?? SWITCH_RX_ALERT_DBM.default),
  brand: row?.brand ?? '',
  billingPackage: row?.billingPackage ?? '',
  oltId: row?.oltId ?? '',
});

/** The form's problems by field (empty when it may be sent); `editing` lets a blank community keep the stored one. */
export function switchFormErrors(v: SwitchFormValues, editing: boolean): SwitchFormErrors {
  const e: SwitchFormErrors = {};
  if (!v.ip.trim()) e.ip = 'Please enter the switch IP';
  else if (!isHost(v.ip)) e.ip = 'Enter an IP address or host name, e.g. 10.0.0.2';
  if (!editing && !v.community.trim()) e.community = 'Please enter the SNMP community';
  if (parsePort(v.snmpPort) === null) e.snmpPort = 'A port number from 1 to 65535 (SNMP is 161)';
  if (!v.name.trim()) e.name = 'Please enter the switch name';
  else if (v.name.trim().length > SWITCH_NAME_MAX) e.name = `At most ${SWITCH_NAME_MAX} characters`;
  if (v.description.length > SWITCH_DESCRIPTION_MAX)
    e.description = `At most ${SWITCH_DESCRIPTION_MAX} characters`;
  const { min, max } = SWITCH_POLL_MINUTES;
  if (parseInteger(v.dataCollectionRatio, min, max) === null)
    e.dataCollectionRatio = `Whole minutes from ${min} to ${max}`;
  const db = SWITCH_RX_ALERT_DBM;
  if (parseDecimal(v.dbAlertRange, db.min, db.max) === null)
    e.dbAlertRange = `dBm from ${db.min} to ${db.max}, e.g. ${db.default}`;
  if (!isSwitchBrandCode(v.brand)) e.brand = 'Please choose the brand (or Detect it)';
  return e;
}

const text = (s: string) => s.trim() || undefined;

/** POST /switches from valid values (blank optional fields are left out). */
export function toCreateRequest(v: SwitchFormValues): SwitchRequest {
  return {
    name: v.name.trim(),
    ip: v.ip.trim(),
    snmpPort: parsePort(v.snmpPort) ?? undefined,
    community: v.community.trim(),
    brand: v.brand as SwitchBrandCode,
    description: text(v.description),
    oltId: text(v.oltId),
    whatsappId: text(v.whatsappId),
    telegramId: text(v.telegramId),
    dataCollectionRatio: Number(v.dataCollectionRatio.trim()),
    dbAlertRange: Number(v.dbAlertRange.trim()),
    billingPackage: text(v.billingPackage),
  };
}

/** PATCH /switches/:id from valid values: a blank optional field clears it, a blank community keeps it. */
export function toUpdateRequest(v: SwitchFormValues): UpdateSwitchRequest {
  const orNull = (s: string) => s.trim() || null;
  const body: UpdateSwitchRequest = {
    name: v.name.trim(),
    ip: v.ip.trim(),
    snmpPort: parsePort(v.snmpPort),
    brand: v.brand as SwitchBrandCode,
    description: orNull(v.description),
    oltId: orNull(v.oltId),
    whatsappId: orNull(v.whatsappId),
    telegramId: orNull(v.telegramId),
    dataCollectionRatio: Number(v.dataCollectionRatio.trim()),
    dbAlertRange: Number(v.dbAlertRange.trim()),
    billingPackage: orNull(v.billingPackage),
  };
  if (v.community.trim()) body.community = v.community.trim();
  return body;
}

/**
 * What the live check of the SNMP port sends, or null while the fields cannot be checked: the port set,
 * the IP well-formed, and a community typed (or, editing, the stored one, named by the switch's id).
 */
export function checkRequestOf(v: SwitchFormValues, switchId: string | null): SwitchCheckRequest | null {
  const snmpPort = parsePort(v.snmpPort);
  if (snmpPort === null || !isHost(v.ip)) return null;
  const community = v.community.trim();
  if (!community && !switchId) return null;
  return {
    ip: v.ip.trim(),
    snmpPort,
    ...(community ? { community } : {}),
    ...(switchId ? { switchId } : {}),
  };
}

/** A stable text for a check request, so an unchanged address is not checked twice. */
export const checkKeyOf = (r: SwitchCheckRequest | null): string | null =>
  r ? JSON.stringify([r.ip, r.snmpPort, r.community ?? '', r.switchId ?? '']) : null;
