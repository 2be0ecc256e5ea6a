import { applyDecorators } from '@nestjs/common';
import type { ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Matches } from 'class-validator';
import { IPV4_PATTERN } from '@pondesk/contracts';
import { IsShortString, IsText } from '../../../common/validation/validation.decorators';

const trimmed = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

interface Options {
  optional?: boolean;
  nullable?: boolean;
  docs?: ApiPropertyOptions;
}

/** A name (1–max characters once trimmed): blanks alone are "required". */
export function IsName(max: number, options: Options = {}): PropertyDecorator {
  return applyDecorators(
    Transform(trimmed),
    IsText(max, { ...options, ...(options.optional ? { notEmpty: true } : {}) }),
  );
}

/** A free text of at most `max` characters, trimmed. */
export function IsTrimmedText(max: number, options: Options = {}): PropertyDecorator {
  return applyDecorators(Transform(trimmed), IsText(max, options));
}

/** A dotted-quad IPv4 address (what the prober pings); surrounding blanks are dropped. */
export function IsIpv4Address(options: Options = {}): PropertyDecorator {
  return applyDecorators(
    Transform(trimmed),
    IsText(15, {
      ...options,
      ...(options.optional ? { notEmpty: true } : {}),
      docs: { example: '10.20.0.1', ...options.docs },
    }),
    Matches(IPV4_PATTERN, { message: '$property must be an IPv4 address, e.g. 10.20.0.1' }),
  );
}

/** The lists' search box. */
export class SearchQueryDto {
  @IsShortString(100, {
    optional: true,
    docs: { description: 'Case-insensitive part of any shown field' },
  })
  search?: string;
}
