import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import {
  OLT_BRANDS,
  OLT_MODES,
  type OltBrandCode,
  type OltModeCode,
  type PortCheckRequest,
  type ProbeRequest,
} from '@pondesk/contracts';
import { HOST_MESSAGE, HOST_PATTERN } from './create-olt.dto';

export class PortCheckDto implements PortCheckRequest {
  @ApiProperty() @IsString() @Matches(HOST_PATTERN, { message: `host ${HOST_MESSAGE}` }) host!: string;
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) @Max(65535) port!: number;
}

export class ProbeDto implements ProbeRequest {
  @ApiProperty() @IsString() @Matches(HOST_PATTERN, { message: `host ${HOST_MESSAGE}` }) host!: string;
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) @Max(65535) snmpPort!: number;
  @ApiProperty({ writeOnly: true }) @IsString() @MinLength(1) @MaxLength(64) community!: string;
  @ApiPropertyOptional({ enum: OLT_BRANDS }) @IsOptional() @IsIn(OLT_BRANDS) brand?: OltBrandCode;
  @ApiPropertyOptional({ enum: OLT_MODES }) @IsOptional() @IsIn(OLT_MODES) mode?: OltModeCode;
}
