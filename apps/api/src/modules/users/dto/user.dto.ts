import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsNotEmpty,
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
  VALIDATION_MESSAGES as M,
  type CreateUserRequest,
  type UpdateUserRequest,
  type UpdateUserStatusRequest,
  type UserStatus,
} from '@pondesk/contracts';
import { PageQueryDto } from '../../../common/http/page-query.dto';
import { USERNAME_PATTERN, USERNAME_RULE } from '../../auth/dto/auth.dto';
import { CONTACT_NUMBER_PATTERN } from '../../profile/dto/profile.dto';

const CONTACT_RULE = 'contactNumber must be 6–20 digits, optionally starting with +';

/** Fields shared by create and update; every one optional here, create re-declares the required ones. */
class UserFieldsDto {
  @ApiPropertyOptional({ minLength: 8, maxLength: 128 })
  @IsOptional()
  @MaxLength(128, { message: 'password must be at most 128 characters long' })
  @MinLength(8, { message: M.passwordTooShort })
  @IsString({ message: 'password must be a string' })
  password?: string;

  @ApiPropertyOptional({ example: '+8801700000000' })
  @IsOptional()
  @Matches(CONTACT_NUMBER_PATTERN, { message: CONTACT_RULE })
  @IsString({ message: 'contactNumber must be a string' })
  contactNumber?: string;

  @ApiPropertyOptional({ maxLength: 255 })
  @IsOptional()
  @MaxLength(255, { message: 'address must be at most 255 characters long' })
  @IsString({ message: 'address must be a string' })
  address?: string;

  @ApiPropertyOptional({ maxLength: 120 })
  @IsOptional()
  @MaxLength(120, { message: 'ispName must be at most 120 characters long' })
  @IsString({ message: 'ispName must be a string' })
  ispName?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'roleId must be a UUID' })
  roleId?: string;

  @ApiPropertyOptional({ type: [String], format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { each: true, message: 'branchIds must contain UUIDs' })
  @ArrayMaxSize(100, { message: 'branchIds must have at most 100 entries' })
  @IsArray({ message: 'branchIds must be an array' })
  branchIds?: string[];

  @ApiPropertyOptional({ minimum: 0, maximum: 9999999999 })
  @IsOptional()
  @Max(9999999999, { message: 'userPrice must not be greater than 9999999999' })
  @Min(0, { message: 'userPrice must not be negative' })
  @IsNumber(
    { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
    { message: 'userPrice must be a number with at most 2 decimals' },
  )
  userPrice?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'sendMsg must be a boolean' })
  sendMsg?: boolean;
}

export class CreateUserDto extends UserFieldsDto implements CreateUserRequest {
  @ApiProperty({ minLength: 3, maxLength: 50 })
  @Matches(USERNAME_PATTERN, { message: `username ${USERNAME_RULE}` })
  @MinLength(3, { message: 'username must be at least 3 characters long' })
  @MaxLength(50, { message: 'username must be at most 50 characters long' })
  @IsString({ message: 'username must be a string' })
  @IsNotEmpty({ message: M.usernameRequired })
  username!: string;

  @ApiProperty({ maxLength: 254 })
  @MaxLength(254, { message: 'email must be at most 254 characters long' })
  @IsEmail({}, { message: M.emailInvalid })
  @IsString({ message: M.emailInvalid })
  @IsNotEmpty({ message: M.emailRequired })
  email!: string;
}

export class UpdateUserDto extends UserFieldsDto implements UpdateUserRequest {
  @ApiPropertyOptional({ minLength: 3, maxLength: 50 })
  @IsOptional()
  @Matches(USERNAME_PATTERN, { message: `username ${USERNAME_RULE}` })
  @MinLength(3, { message: 'username must be at least 3 characters long' })
  @MaxLength(50, { message: 'username must be at most 50 characters long' })
  @IsString({ message: 'username must be a string' })
  username?: string;

  @ApiPropertyOptional({ maxLength: 254 })
  @IsOptional()
  @MaxLength(254, { message: 'email must be at most 254 characters long' })
  @IsEmail({}, { message: M.emailInvalid })
  @IsString({ message: M.emailInvalid })
  email?: string;
}

export class UpdateUserStatusDto implements UpdateUserStatusRequest {
  @ApiProperty({ enum: ['active', 'hold'] })
  @IsIn(['active', 'hold'], { message: 'status must be active or hold' })
  status!: UserStatus;
}

export class UserListQueryDto extends PageQueryDto {}
