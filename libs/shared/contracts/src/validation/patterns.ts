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
export const CONTACT_NUMBER_RULE = 'contactNumber must be 6–20 digits, optionally starting with +';

/** An IPv4 address or a host name: letters, digits, dots and hyphens. */
export const HOST_PATTERN =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*$/;
export const HOST_MESSAGE = 'must be an IP address or a host name';
export const isHost = (value: string): boolean => HOST_PATTERN.test(value.trim());

/** The Olt ID operators quote. */
export const OLT_CODE_PATTERN = /^[\w.-]{1,40}$/;
export const OLT_CODE_RULE = 'code may use letters, digits, dot, dash and underscore (1–40)';

/** One PPPoE id: no spaces or list separators, at most 64 characters. */
export const PPPOE_ID_PATTERN = /^[^\s,;/|]{1,64}$/;

export const OTP_PATTERN = /^\d{6}$/;
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
