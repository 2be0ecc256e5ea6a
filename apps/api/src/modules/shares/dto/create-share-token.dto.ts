import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional, IsString } from 'class-validator';
import type { CreateShareToken, ShareScope } from '@pondesk/contracts';
import { Nullable } from '../../../common/validation/nullable';
import { IsFlag, IsOneOf, IsShortString, IsUuids } from '../../../common/validation/validation.decorators';

/** The most OLTs one link may list. */
export const SHARE_MAX_OLTS = 500;

/** An ISO date and time, or null for none (the service checks it lies ahead). */
const IsExpiry = (): PropertyDecorator =>
  applyDecorators(
    IsString({ message: '$property must be a date and time (ISO 8601)' }),
    IsISO8601(
      { strict: true, strictSeparator: true },
      { message: '$property must be a date and time (ISO 8601)' },
    ),
    IsOptional(),
    Nullable(),
    ApiPropertyOptional({
      type: String,
      format: 'date-time',
      nullable: true,
      description: 'When the link stops working; null or left out for never',
    }),
  );

export class CreateShareTokenDto implements CreateShareToken {
  @IsOneOf(['all', 'olts']) scope!: ShareScope;
  @IsUuids(SHARE_MAX_OLTS, {
    optional: true,
    docs: { description: "Required (1 to 500 of the tenant's OLTs) when scope is 'olts'" },
  })
  oltIds?: string[];
  @IsExpiry() expiresAt?: string | null;
  @IsShortString(120, { optional: true, trim: true }) label?: string;
  @IsFlag({ optional: true, docs: { description: 'Make another even when an active link has this scope' } })
  another?: boolean;
}
