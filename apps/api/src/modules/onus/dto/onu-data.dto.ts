import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  IsTimeZone,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { PPPOE_SUGGESTION_LIMIT, type UpdateOnuDataRequest } from '@pondesk/contracts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimEach = ({ value }: { value: unknown }) =>
  Array.isArray(value)
    ? value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '')
    : value;

/** A PPPoE id as MikroTik accepts a user name: no spaces or separators. */
export const PPPOE_ID_PATTERN = /^[^\s,;/|]{1,64}$/;

export class UpdateOnuDataDto implements UpdateOnuDataRequest {
  @ApiProperty({ type: [String], maxItems: 8, example: ['rahim@isp'] })
  @Transform(trimEach)
  @IsArray()
  @ArrayMaxSize(8)
  @Matches(PPPOE_ID_PATTERN, {
    each: true,
    message: 'each PPPoE ID must be 1–64 characters without spaces, commas or slashes',
  })
  pppoeIds!: string[];

  @ApiProperty({ example: 'EPON0/1:5', description: 'Interface name of the ONU, as the OLT writes it' })
  @Transform(trim)
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  ifName!: string;
}

export class SignalQueryDto {
  @ApiPropertyOptional({
    example: '2026-11-20',
    description: 'One day (in `tz`); left out: the last 90 days',
  })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'day must be YYYY-MM-DD' })
  day?: string;

  @ApiPropertyOptional({ example: 'Asia/Dhaka', default: 'UTC' })
  @IsOptional()
  @IsTimeZone()
  tz?: string;
}

export class TimeZoneQueryDto {
  @ApiPropertyOptional({ example: 'Asia/Dhaka', default: 'UTC' })
  @IsOptional()
  @IsTimeZone()
  tz?: string;
}

export class PppoeSuggestQueryDto {
  @ApiProperty({ description: 'Part of a PPPoE ID (case-insensitive)', maxLength: 64 })
  @Transform(trim)
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  q!: string;

  @ApiPropertyOptional({ default: PPPOE_SUGGESTION_LIMIT, maximum: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(50)
  limit?: number;
}
