import {
  DEFAULT_LATENCY_LIMIT_MS,
  LATENCY_LIMIT_MAX_MS,
  SERVER_LOGO_MAX_BYTES,
  SERVER_NAME_MAX,
  isIPv4,
  type MonitorServer,
} from '@pondesk/contracts';

/** The image types a logo may have (the server checks the content too). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const LOGO_ACCEPT = LOGO_TYPES.join(',');

/** The Add/Edit modal's fields as typed. */
export interface ServerFormValues {
  name: string;
  ip: string;
  /** As typed: the field is numeric, but an empty or odd value must be reported, not guessed. */
  latencyLimitMs: string;
  /** A new logo chosen, if any. */
  logo: File | null;
  /** Editing: drop the logo the server has. */
  removeLogo: boolean;
}

export type ServerFormField = 'name' | 'ip' | 'latencyLimitMs' | 'logo';

export const serverFormFrom = (server: MonitorServer | null): ServerFormValues => ({
  name: server?.name ?? '',
  ip: server?.ip ?? '',
  latencyLimitMs: String(server?.latencyLimitMs ?? DEFAULT_LATENCY_LIMIT_MS),
  logo: null,
  removeLogo: false,
});

/** What is wrong with a chosen logo file, or null. */
export function logoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type))
    return 'The logo must be an image (PNG, JPEG, GIF or WebP)';
  if (file.size > SERVER_LOGO_MAX_BYTES)
    return `The logo must be at most ${Math.round(SERVER_LOGO_MAX_BYTES / 1024)} KB`;
  return null;
}

/** The form's problems by field (empty when it may be sent). */
export function serverFormErrors(v: ServerFormValues): Partial<Record<ServerFormField, string>> {
  const errors: Partial<Record<ServerFormField, string>> = {};
  const name = v.name.trim();
  if (!name) errors.name = 'Please enter the server name';
  else if (name.length > SERVER_NAME_MAX) errors.name = `At most ${SERVER_NAME_MAX} characters`;
  if (!v.ip.trim()) errors.ip = 'Please enter the IP address';
  else if (!isIPv4(v.ip)) errors.ip = 'Enter an IPv4 address, e.g. 10.0.0.1';
  const limit = v.latencyLimitMs.trim();
  const n = Number(limit);
  if (!limit) errors.latencyLimitMs = 'Please enter the latency limit';
  else if (!Number.isInteger(n) || n < 1 || n > LATENCY_LIMIT_MAX_MS)
    errors.latencyLimitMs = `A whole number of milliseconds from 1 to ${LATENCY_LIMIT_MAX_MS}`;
  const logo = v.logo && logoProblem(v.logo);
  if (logo) errors.logo = logo;
  return errors;
}

/** The multipart body of POST and PATCH /monitor/servers. */
export function toServerFormData(v: ServerFormValues, editing: boolean): FormData {
  const form = new FormData();
  form.append('name', v.name.trim());
  form.append('ip', v.ip.trim());
  form.append('latencyLimitMs', String(Number(v.latencyLimitMs.trim())));
  if (v.logo) form.append('logo', v.logo, v.logo.name);
  else if (editing && v.removeLogo) form.append('removeLogo', 'true');
  return form;
}
