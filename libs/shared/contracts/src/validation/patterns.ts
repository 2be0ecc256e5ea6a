/**
 * The input rules shared by the API (class-validator decorators) and the web forms (zod schemas).
 * Each rule is written here once; messages name the field the way the server's 400s do.
 */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const USERNAME_RULE = 'may contain only letters, digits, dot, dash and underscore';

export const EMAIL_MAX = 254;
/** The browser's quick check; the server applies class-validator's full `IsEmail` as well. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Digits with an optional leading +, 6–20 characters in all. */
export const CONTACT_NUMBER_PATTERN = /^\+?[0-9]{6,19}$/;
export const CONTACT_NUMBER_RULE = '$property must be 6–20 digits, optionally starting with +';

/** A dotted-quad IPv4 address, each part 0–255 without leading zeros. */
export const IPV4_PATTERN =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
export const isIPv4 = (value: string): boolean => IPV4_PATTERN.test(value.trim());

/**
 * A fully qualified host name (e.g. a MikroTik cloud name): at least two labels of letters, digits and
 * inner hyphens, ending in an alphabetic top-level label. A bare word ("abc") is refused as a typo, and
 * a dotted number ("999.1.1.1") is an IPv4 address or nothing.
 */
export const HOST_NAME_PATTERN =
  /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** An IPv4 address or a fully qualified host name: the OLT and MikroTik address fields. */
export const HOST_PATTERN = new RegExp(`(?:${IPV4_PATTERN.source})|(?:${HOST_NAME_PATTERN.source})`);
export const HOST_MESSAGE =
  'must be an IPv4 address (e.g. 10.0.0.2) or a full host name (e.g. olt1.example.net)';
export const isHost = (value: string): boolean => HOST_PATTERN.test(value.trim());

/** The Olt ID operators quote. */
export const OLT_CODE_PATTERN = /^[\w.-]{1,40}$/;
export const OLT_CODE_RULE = 'code may use letters, digits, dot, dash and underscore (1–40)';

/** One PPPoE id: no spaces or list separators, at most 64 characters. */
export const PPPOE_ID_PATTERN = /^[^\s,;/|]{1,64}$/;

export const OTP_PATTERN = /^\d{6}$/;
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A real calendar day, YYYY-MM-DD: `2026-02-30` matches `DAY_PATTERN` but is no day. */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * C0 controls (CR, LF, NUL…), DEL and C1 controls: never part of a device credential or a command line
 * (a line break typed into a login dialogue would type a command of its own).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);
