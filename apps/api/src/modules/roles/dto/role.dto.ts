import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import {
  PERMISSION_CODES,
  type CreateRoleRequest,
  type UpdateRoleActiveRequest,
  type UpdateRoleRequest,
} from '@pondesk/contracts';

const CODES = PERMISSION_CODES as readonly number[];
const CODES_RULE = `menuCodes must contain permission codes (${CODES.join(', ')})`;

export class CreateRoleDto implements CreateRoleRequest {
  @ApiProperty({ maxLength: 60 })
  @MaxLength(60, { message: 'name must be at most 60 characters long' })
  @IsString({ message: 'name must be a string' })
  @IsNotEmpty({ message: 'name is required' })
  name!: string;

  @ApiPropertyOptional({ maxLength: 60, description: 'Generated when omitted' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'code may contain only letters, digits, dash and underscore' })
  @MaxLength(60, { message: 'code must be at most 60 characters long' })
  @IsString({ message: 'code must be a string' })
  code?: string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'active must be a boolean' })
  active?: boolean;

  @ApiProperty({ type: [Number], example: [2006, 2008] })
  @IsIn(CODES, { each: true, message: CODES_RULE })
  @IsInt({ each: true, message: CODES_RULE })
  @ArrayMaxSize(CODES.length * 2, { message: 'menuCodes has too many entries' })
  @IsArray({ message: 'menuCodes must be an array' })
  menuCodes!: number[];
}

export class UpdateRoleDto implements UpdateRoleRequest {
  @ApiPropertyOptional({ maxLength: 60 })
  @IsOptional()
  @MaxLength(60, { message: 'name must be at most 60 characters long' })
  @IsString({ message: 'name must be a string' })
  @IsNotEmpty({ message: 'name must not be empty' })
  name?: string;

  @ApiPropertyOptional({ maxLength: 60 })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'code may contain only letters, digits, dash and underscore' })
  @MaxLength(60, { message: 'code must be at most 60 characters long' })
  @IsString({ message: 'code must be a string' })
  code?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'active must be a boolean' })
  active?: boolean;

  @ApiPropertyOptional({ type: [Number] })
  @IsOptional()
  @IsIn(CODES, { each: true, message: CODES_RULE })
  @IsInt({ each: true, message: CODES_RULE })
  @ArrayMaxSize(CODES.length * 2, { message: 'menuCodes has too many entries' })
  @IsArray({ message: 'menuCodes must be an array' })
  menuCodes?: number[];
}

export class UpdateRoleActiveDto implements UpdateRoleActiveRequest {
  @ApiProperty()
  @IsBoolean({ message: 'active must be a boolean' })
  active!: boolean;
}
