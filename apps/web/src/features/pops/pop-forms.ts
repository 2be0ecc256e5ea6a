import {
  POP_ALIVE_MINUTES_MAX,
  POP_NAME_MAX,
  SERVICE_NAME_MAX,
  isIPv4,
  type PopRequest,
  type PopRow,
  type PopSourceRequest,
  type PopSourceRow,
  type PopSourceType,
  type ServiceRequest,
  type ServiceRow,
} from '@pondesk/contracts';

export type FormErrors<F extends string> = Partial<Record<F, string>>;

export const hasErrors = (errors: Record<string, string | undefined>): boolean =>
  Object.values(errors).some(Boolean);

// ---- Pop List: a power source ----

export interface SourceFormValues {
  ip: string;
  /** As typed (spec: 'Pop Alive Time', default 00). */
  aliveMinutes: string;
  popId: string;
  type: PopSourceType | '';
}

export type SourceField = 'ip' | 'aliveMinutes' | 'popId' | 'type';

export const sourceFormFrom = (row: PopSourceRow | null): SourceFormValues => ({
  ip: row?.ip ?? '',
  aliveMinutes: String(row?.aliveMinutes ?? 0),
  popId: row?.popId ?? '',
  type: row?.type ?? '',
});

/** Spec 3 §5: IP Address required; Type gen or elc; Pop chosen from the list. */
export function sourceFormErrors(v: SourceFormValues): FormErrors<SourceField> {
  const errors: FormErrors<SourceField> = {};
  if (!v.ip.trim()) errors.ip = 'Please enter the IP address';
  else if (!isIPv4(v.ip)) errors.ip = 'Enter an IPv4 address, e.g. 10.0.0.1';
  const alive = v.aliveMinutes.trim();
  const n = Number(alive || '0');
  if (!Number.isInteger(n) || n < 0 || n > POP_ALIVE_MINUTES_MAX)
    errors.aliveMinutes = `Whole minutes from 0 to ${POP_ALIVE_MINUTES_MAX}`;
  if (!v.popId) errors.popId = 'Please choose the POP';
  if (!v.type) errors.type = 'Please choose Gen or Elc';
  return errors;
}

export const toSourceRequest = (v: SourceFormValues): PopSourceRequest => ({
  ip: v.ip.trim(),
  aliveMinutes: Number(v.aliveMinutes.trim() || '0'),
  popId: v.popId,
  type: v.type as PopSourceType,
});

// ---- Area List: a POP ----

export interface PopFormValues {
  name: string;
  areaName: string;
  branchId: string;
}

export type PopField = 'name' | 'areaName' | 'branchId';

export const popFormFrom = (row: PopRow | null): PopFormValues => ({
  name: row?.name ?? '',
  areaName: row?.areaName ?? '',
  branchId: row?.branchId ?? '',
});

export function popFormErrors(v: PopFormValues): FormErrors<PopField> {
  const errors: FormErrors<PopField> = {};
  const name = v.name.trim();
  if (!name) errors.name = 'Please enter the POP name';
  else if (name.length > POP_NAME_MAX) errors.name = `At most ${POP_NAME_MAX} characters`;
  if (v.areaName.trim().length > POP_NAME_MAX) errors.areaName = `At most ${POP_NAME_MAX} characters`;
  return errors;
}

/**
 * The request: an empty Area Name or Area is sent as null, so an edit can clear it. `canChooseBranch`
 * false (the user cannot list branches) leaves the POP's branch out, so an edit keeps it.
 */
export function toPopRequest(v: PopFormValues, canChooseBranch: boolean): PopRequest {
  return {
    name: v.name.trim(),
    areaName: v.areaName.trim() || null,
    ...(canChooseBranch ? { branchId: v.branchId || null } : {}),
  };
}

// ---- Service List ----

export interface ServiceFormValues {
  name: string;
  active: boolean;
}

export const serviceFormFrom = (row: ServiceRow | null): ServiceFormValues => ({
  name: row?.name ?? '',
  active: row?.active ?? true,
});

export function serviceFormErrors(v: ServiceFormValues): FormErrors<'name'> {
  const name = v.name.trim();
  if (!name) return { name: 'Please enter the service name' };
  if (name.length > SERVICE_NAME_MAX) return { name: `At most ${SERVICE_NAME_MAX} characters` };
  return {};
}

export const toServiceRequest = (v: ServiceFormValues): ServiceRequest => ({
  name: v.name.trim(),
  active: v.active,
});
