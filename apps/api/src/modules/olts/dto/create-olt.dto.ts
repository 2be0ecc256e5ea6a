import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import {
  OLT_BRANDS,
  OLT_MODES,
  type CreateOltRequest,
  type OltBrandCode,
  type OltModeCode,
} from '@pondesk/contracts';

/** An IPv4 address or a host name: letters, digits, dots and hyphens. */
export const HOST_PATTERN =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*$/;
export const HOST_MESSAGE = 'must be an IP address or a host name';

export class CreateOltDto implements CreateOltRequest {
  @ApiProperty({ maxLength: 120 }) @IsString() @MinLength(1) @MaxLength(120) name!: string;
  @ApiPropertyOptional({ maxLength: 40, description: 'The Olt ID operators quote; generated when left out' })
  @IsOptional()
  @IsString()
  @Matches(/^[\w.-]{1,40}$/, { message: 'code may use letters, digits, dot, dash and underscore (1–40)' })
  code?: string;
  @ApiProperty({ example: '10.0.0.2' })
  @IsString()
  @Matches(HOST_PATTERN, { message: `host ${HOST_MESSAGE}` })
  host!: string;
  @ApiProperty({ enum: OLT_BRANDS }) @IsIn(OLT_BRANDS) brand!: OltBrandCode;
  @ApiProperty({ enum: OLT_MODES }) @IsIn(OLT_MODES) mode!: OltModeCode;
  @ApiPropertyOptional({ default: 161 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  snmpPort?: number;
  @ApiProperty({ writeOnly: true }) @IsString() @MinLength(1) @MaxLength(64) snmpCommunity!: string;
  @ApiPropertyOptional({ writeOnly: true })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  snmpWriteCommunity?: string;
  @ApiPropertyOptional({ default: 23 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  telnetPort?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(65535) httpPort?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(80) username?: string;
  @ApiPropertyOptional({ writeOnly: true }) @IsOptional() @IsString() @MaxLength(128) password?: string;
  @ApiPropertyOptional({ writeOnly: true }) @IsOptional() @IsString() @MaxLength(128) enablePassword?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000) description?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID() branchId?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Matches(HOST_PATTERN, { message: `mikrotikHost ${HOST_MESSAGE}` })
  mikrotikHost?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(65535) mikrotikPort?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(80) mikrotikUsername?: string;
  @ApiPropertyOptional({ writeOnly: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  mikrotikPassword?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(120) whatsappId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(120) telegramId?: string;
  @ApiPropertyOptional({ minimum: 1, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  dataCollectionRatio?: number;
  @ApiPropertyOptional({ description: 'dBm threshold for alerts, e.g. -27' })
  @IsOptional()
  @Type(() => Number)
  @IsNumber()
  @Min(-50)
  @Max(0)
  dbAlertRange?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(80) billingPackage?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(36) billingMonths?: number;
  @ApiPropertyOptional({ default: 300, minimum: 60 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(60)
  @Max(86400)
  pollIntervalSeconds?: number;
}
