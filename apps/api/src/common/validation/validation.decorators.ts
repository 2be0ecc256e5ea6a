import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  Equals,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  IsTimeZone,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import {
  CONTACT_NUMBER_PATTERN,
  CONTACT_NUMBER_RULE,
  EMAIL_MAX,
  HOST_MESSAGE,
  HOST_PATTERN,
  OLT_CODE_PATTERN,
  OLT_CODE_RULE,
  OTP_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PERMISSION_CODES,
  PPPOE_ID_PATTERN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  USERNAME_RULE,
  VALIDATION_MESSAGES as M,
  isCalendarDay,
  isDateTime,
} from '@pondesk/contracts';
import { Match } from './match.decorator';
import { Nullable } from './nullable';

/*
 * Each input rule of the API as one decorator, with its OpenAPI entry. Checks are listed in the order
 * they run; with `stopAtFirstError` the first that fails is the field's message, so "required" comes
 * first. Messages use class-validator's `$property`, so one rule serves every field it is put on.
 */

export interface FieldOptions {
  /** The field may be left out; `null` is refused unless `nullable`. */
  optional?: boolean;
  /**
   * With `optional`: `null` is accepted too, where it means something (clearing a nullable column).
   * Check what the service does with null before setting it; a NOT NULL column must never get it.
   */
  nullable?: boolean;
  /** More OpenAPI detail (description, example, default), merged over what the rule documents. */
  docs?: ApiPropertyOptions;
}

interface TextOptions extends FieldOptions {
  /** The message for a missing required value; `$property is required` by default. */
  requiredMessage?: string;
  /** An optional field that, when sent, must not be empty. */
  notEmpty?: boolean;
  /** Credentials and look-ups were never documented with their length limit; keeps it that way. */
  documentLimits?: boolean;
}

/** Skips the checks of a property that was left out (undefined), and of null where null is allowed. */
function optionality(options: FieldOptions): PropertyDecorator[] {
  if (options.nullable) return [IsOptional(), Nullable()];
  return [ValidateIf((_object: object, value: unknown) => value !== undefined)];
}

/**
 * The field's checks in the order they run, what may be left out (or null), and its OpenAPI entry. An
 * optional field may be left out; `null` reaches the checks (and fails them) unless it is `nullable`.
 */
function field(
  checks: PropertyDecorator[],
  options: TextOptions,
  ruleDocs: ApiPropertyOptions = {},
): PropertyDecorator {
  const docs = {
    ...ruleDocs,
    ...(options.optional && options.nullable ? { nullable: true } : {}),
    ...options.docs,
  } as ApiPropertyOptions;
  if (options.optional) {
    const nonEmpty = options.notEmpty ? [IsNotEmpty({ message: '$property must not be empty' })] : [];
    return applyDecorators(...nonEmpty, ...checks, ...optionality(options), ApiPropertyOptional(docs));
  }
  return applyDecorators(...checks, ApiProperty(docs));
}

/** Like `field`, with "required" as the first check of a required account field. */
function accountField(
  checks: PropertyDecorator[],
  options: TextOptions,
  ruleDocs: ApiPropertyOptions,
): PropertyDecorator {
  const required = options.optional
    ? []
    : [IsNotEmpty({ message: options.requiredMessage ?? '$property is required' })];
  return field([...required, ...checks], options, options.documentLimits === false ? {} : ruleDocs);
}

const isString = (message = '$property must be a string') => IsString({ message });
const atMost = (max: number) =>
  MaxLength(max, { message: `$property must be at most ${max} characters long` });
const atLeast = (min: number, message = `$property must be at least ${min} characters long`) =>
  MinLength(min, { message });

// Account fields: messages worded as the web forms show them.

/** A free text of at most `max` characters. */
export function IsText(max: number, options: TextOptions = {}): PropertyDecorator {
  return accountField([isString(), atMost(max)], options, { maxLength: max });
}

export function IsUsername(options: TextOptions = {}): PropertyDecorator {
  return accountField(
    [
      isString(),
      atMost(USERNAME_MAX),
      atLeast(USERNAME_MIN),
      Matches(USERNAME_PATTERN, { message: `$property ${USERNAME_RULE}` }),
    ],
    { requiredMessage: M.usernameRequired, ...options },
    { minLength: USERNAME_MIN, maxLength: USERNAME_MAX },
  );
}

export function IsEmailAddress(options: TextOptions = {}): PropertyDecorator {
  return accountField(
    [isString(M.emailInvalid), IsEmail({}, { message: M.emailInvalid }), atMost(EMAIL_MAX)],
    { requiredMessage: M.emailRequired, ...options },
    { maxLength: EMAIL_MAX },
  );
}

/** A new password (a current one is checked against its hash: `IsText`). */
export function IsPassword(options: TextOptions = {}): PropertyDecorator {
  return accountField(
    [isString(), atLeast(PASSWORD_MIN, M.passwordTooShort), atMost(PASSWORD_MAX)],
    { requiredMessage: M.passwordRequired, ...options },
    { minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX },
  );
}

export function IsPasswordConfirmation(): PropertyDecorator {
  return field([Match('password', { message: M.passwordsMustMatch })], {});
}

export function IsAcceptedTerms(): PropertyDecorator {
  return field([Equals(true, { message: M.termsRequired })], {}, { enum: [true] });
}

export function IsContactNumber(options: TextOptions = {}): PropertyDecorator {
  return accountField(
    [isString(), Matches(CONTACT_NUMBER_PATTERN, { message: CONTACT_NUMBER_RULE })],
    options,
    { example: '+8801700000000' },
  );
}

export function IsOtp(): PropertyDecorator {
  return accountField(
    [isString(), Matches(OTP_PATTERN, { message: '$property must be 6 digits' })],
    {},
    {
      example: '123456',
    },
  );
}

export function IsFlag(options: FieldOptions = {}): PropertyDecorator {
  return field([IsBoolean({ message: '$property must be a boolean' })], options);
}

/** A user's or a tenant's state. */
export function IsAccountStatus(): PropertyDecorator {
  return IsOneOf(['active', 'hold'], { message: '$property must be active or hold' });
}

const CODES = PERMISSION_CODES as readonly number[];
const CODES_RULE = `$property must contain permission codes (${CODES.join(', ')})`;

/** The menu (permission) codes of a role; each at most twice, as a form may send duplicates. */
export function IsPermissionCodes(options: FieldOptions = {}): PropertyDecorator {
  return field(
    [
      IsArray({ message: '$property must be an array' }),
      ArrayMaxSize(CODES.length * 2, { message: '$property has too many entries' }),
      IsInt({ each: true, message: CODES_RULE }),
      IsIn(CODES, { each: true, message: CODES_RULE }),
    ],
    options,
    { type: [Number] },
  );
}

/** A role's code, as staff type it. */
export function IsRoleCode(options: FieldOptions = {}): PropertyDecorator {
  return field(
    [
      isString(),
      atMost(60),
      Matches(/^[A-Za-z0-9_-]+$/, {
        message: '$property may contain only letters, digits, dash and underscore',
      }),
    ],
    options,
    { maxLength: 60 },
  );
}

/** A list of UUIDs (branches of a user). */
export function IsUuids(max: number, options: FieldOptions = {}): PropertyDecorator {
  return field(
    [
      IsArray({ message: '$property must be an array' }),
      ArrayMaxSize(max, { message: `$property must have at most ${max} entries` }),
      IsUUID('all', { each: true, message: '$property must contain UUIDs' }),
    ],
    options,
    { type: [String], format: 'uuid' },
  );
}

/** An amount of money with at most two decimals. */
export function IsPrice(options: FieldOptions = {}): PropertyDecorator {
  const max = 9999999999;
  return field(
    [
      IsNumber(
        { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
        { message: '$property must be a number with at most 2 decimals' },
      ),
      Min(0, { message: '$property must not be negative' }),
      Max(max, { message: `$property must not be greater than ${max}` }),
    ],
    options,
    { minimum: 0, maximum: max },
  );
}

// Device and monitoring fields: class-validator's own messages, as these endpoints have always answered.

/** A string of at most `max` characters (`min` at least); `trim` strips it first. */
export function IsShortString(
  max: number,
  options: FieldOptions & { min?: number; trim?: boolean } = {},
): PropertyDecorator {
  const min = options.min === undefined ? [] : [MinLength(options.min)];
  const trim = options.trim ? [Transform(trimmed)] : [];
  return field([MaxLength(max), ...min, IsString(), ...trim], options, {
    maxLength: max,
    ...(options.min === undefined ? {} : { minLength: options.min }),
  });
}

export function IsUuid(options: FieldOptions = {}): PropertyDecorator {
  return field([IsUUID()], options, { format: 'uuid' });
}

export function IsOneOf(
  values: readonly unknown[],
  options: FieldOptions & { message?: string } = {},
): PropertyDecorator {
  const message = options.message === undefined ? undefined : { message: options.message };
  return field([IsIn(values, message)], options, { enum: values as unknown[] });
}

/**
 * A whole number in [min, max]. A JSON body must send a number (`"5"` and `true` are refused); a query
 * string is converted by the validation pipe, strictly (`1.5`, `1e3`, `0x10` and `` are refused).
 */
export function IsInteger(min: number, max: number, options: FieldOptions = {}): PropertyDecorator {
  return field([IsInt(), Min(min), Max(max)], options, { type: 'integer', minimum: min, maximum: max });
}

/** A finite number (decimals allowed) in [min, max]; converted from a query string as `IsInteger`. */
export function IsNumberInRange(min: number, max: number, options: FieldOptions = {}): PropertyDecorator {
  return field([IsNumber({ allowNaN: false, allowInfinity: false }), Min(min), Max(max)], options, {
    type: 'number',
    minimum: min,
    maximum: max,
  });
}

export function IsPort(options: FieldOptions = {}): PropertyDecorator {
  return IsInteger(1, 65535, options);
}

/** An IPv4 address or a fully qualified host name ("abc" and "999.1.1.1" are neither). */
export function IsHost(options: FieldOptions = {}): PropertyDecorator {
  return field(
    [IsString(), MaxLength(253), Matches(HOST_PATTERN, { message: `$property ${HOST_MESSAGE}` })],
    options,
    { maxLength: 253 },
  );
}

const isFilled = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/**
 * An optional host that becomes required once any of `siblings` is filled: a device described in
 * parts (a MikroTik's user name without its address) gets a 400 naming the missing address.
 */
export function IsHostRequiredWith(
  siblings: readonly string[],
  requiredMessage: string,
  options: Omit<FieldOptions, 'optional'> = {},
): PropertyDecorator {
  return applyDecorators(
    IsNotEmpty({ message: requiredMessage }),
    IsString({ message: '$property must be a string' }),
    MaxLength(253, { message: '$property must be at most 253 characters long' }),
    Matches(HOST_PATTERN, { message: `$property ${HOST_MESSAGE}` }),
    ValidateIf(
      (o: Record<string, unknown>, value: unknown) =>
        isFilled(value) || siblings.some((name) => isFilled(o[name])),
    ),
    ...(options.nullable ? [Nullable()] : []),
    ApiPropertyOptional({
      description: `Required when ${siblings.join(' or ')} is given`,
      maxLength: 253,
      ...(options.nullable ? { nullable: true } : {}),
      ...options.docs,
    }),
  );
}

/** The Olt ID operators quote. */
export function IsOltCode(options: FieldOptions = {}): PropertyDecorator {
  return field([Matches(OLT_CODE_PATTERN, { message: OLT_CODE_RULE }), IsString()], options);
}

/** PPPoE ids as MikroTik accepts user names; blanks are dropped, the rest trimmed. */
export function IsPppoeIds(max: number, options: FieldOptions = {}): PropertyDecorator {
  return field(
    [
      Matches(PPPOE_ID_PATTERN, {
        each: true,
        message: 'each PPPoE ID must be 1–64 characters without spaces, commas or slashes',
      }),
      ArrayMaxSize(max),
      IsArray(),
      Transform(trimmedList),
    ],
    options,
    { type: [String], maxItems: max },
  );
}

/** A real calendar day, YYYY-MM-DD (`2026-02-30` is refused). */
export function IsDay(options: FieldOptions = {}): PropertyDecorator {
  return field(
    [
      isString('$property must be a day, YYYY-MM-DD'),
      ValidateBy(
        {
          name: 'isCalendarDay',
          validator: { validate: (v: unknown) => typeof v === 'string' && isCalendarDay(v) },
        },
        { message: '$property must be a real day, YYYY-MM-DD' },
      ),
    ],
    options,
    { format: 'date', maxLength: 10 },
  );
}

/** An ISO 8601 date-time with its zone (`2026-01-15T08:30:00Z`); a real day and time. */
export function IsDateTime(options: FieldOptions = {}): PropertyDecorator {
  return field(
    [
      isString('$property must be an ISO date-time, e.g. 2026-01-15T08:30:00Z'),
      ValidateBy(
        {
          name: 'isDateTime',
          validator: { validate: (v: unknown) => typeof v === 'string' && isDateTime(v) },
        },
        { message: '$property must be an ISO date-time with a time zone, e.g. 2026-01-15T08:30:00Z' },
      ),
    ],
    options,
    { format: 'date-time', maxLength: 35, example: '2026-01-15T08:30:00Z' },
  );
}

/** An IANA time zone; UTC when left out. */
export function IsTimeZoneName(options: FieldOptions = {}): PropertyDecorator {
  return field([IsString(), MaxLength(64), IsTimeZone()], options, {
    example: 'Asia/Dhaka',
    default: 'UTC',
    maxLength: 64,
  });
}

function trimmed({ value }: { value: unknown }): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

function trimmedList({ value }: { value: unknown }): unknown {
  return Array.isArray(value)
    ? value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '')
    : value;
}
