import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength, ValidateBy, isEmail } from 'class-validator';
import {
  CONTENT_LIMITS,
  CONTENT_LINK_RULE,
  CONTENT_PHONE_PATTERN,
  CONTENT_PHONE_RULE,
  isContentLink,
} from '@pondesk/contracts';

/*
 * The platform's content fields. Every field is sent (a PUT replaces the whole item); an empty string
 * means "not shown" where the field may be empty.
 */

const isString = () => IsString({ message: '$property must be a string' });
const atMost = (max: number) =>
  MaxLength(max, { message: `$property must be at most ${max} characters long` });

/** A link or image address: https:// or a path on this server; '' allowed unless `required`. */
export function IsContentLink(options: { required?: boolean } = {}): PropertyDecorator {
  const required = options.required
    ? [IsNotEmpty({ message: '$property is required' })]
    : ([] as PropertyDecorator[]);
  return applyDecorators(
    ...required,
    isString(),
    atMost(CONTENT_LIMITS.link),
    ValidateBy(
      {
        name: 'isContentLink',
        validator: { validate: (v: unknown) => typeof v === 'string' && (v === '' || isContentLink(v)) },
      },
      { message: `$property ${CONTENT_LINK_RULE}` },
    ),
    ApiProperty({
      maxLength: CONTENT_LIMITS.link,
      example: 'https://example.com/page',
      description: `https:// address or a path on this server${options.required ? '' : "; '' hides it"}`,
    }),
  );
}

/** The support phone: digits, +, spaces and dashes; '' hides it. */
export function IsSupportPhone(): PropertyDecorator {
  return applyDecorators(
    isString(),
    atMost(CONTENT_LIMITS.phone),
    Matches(CONTENT_PHONE_PATTERN, { message: `$property ${CONTENT_PHONE_RULE}` }),
    ApiProperty({ maxLength: CONTENT_LIMITS.phone, example: '+880 1700-000000' }),
  );
}

/** An email address, or '' to hide it. */
export function IsSupportEmail(): PropertyDecorator {
  return applyDecorators(
    isString(),
    atMost(CONTENT_LIMITS.email),
    ValidateBy(
      {
        name: 'isEmailOrEmpty',
        validator: { validate: (v: unknown) => typeof v === 'string' && (v === '' || isEmail(v)) },
      },
      { message: '$property must be a valid email address' },
    ),
    ApiProperty({ maxLength: CONTENT_LIMITS.email, example: 'support@example.com' }),
  );
}

/** Free text of at most `max` characters, '' allowed. */
export function IsContentText(max: number): PropertyDecorator {
  return applyDecorators(isString(), atMost(max), ApiProperty({ maxLength: max }));
}
