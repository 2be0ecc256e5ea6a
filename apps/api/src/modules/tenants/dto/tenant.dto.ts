import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import {
  VALIDATION_MESSAGES as M,
  type CreateTenantRequest,
  type TenantStatus,
  type UpdateTenantRequest,
  type UpdateTenantStatusRequest,
} from '@pondesk/contracts';
import { CONTACT_NUMBER_PATTERN } from '../../profile/dto/profile.dto';
import { USERNAME_PATTERN, USERNAME_RULE } from '../../auth/dto/auth.dto';

export class CreateTenantDto implements CreateTenantRequest {
  @ApiProperty({ maxLength: 120 })
  @MaxLength(120, { message: 'ispName must be at most 120 characters long' })
  @IsString({ message: 'ispName must be a string' })
  @IsNotEmpty({ message: 'ispName is required' })
  ispName!: string;

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

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @MaxLength(128, { message: 'password must be at most 128 characters long' })
  @MinLength(8, { message: M.passwordTooShort })
  @IsString({ message: 'password must be a string' })
  @IsNotEmpty({ message: M.passwordRequired })
  password!: string;
}

export class UpdateTenantDto implements UpdateTenantRequest {
  @ApiPropertyOptional({ maxLength: 120 })
  @IsOptional()
  @MaxLength(120, { message: 'ispName must be at most 120 characters long' })
  @IsString({ message: 'ispName must be a string' })
  @IsNotEmpty({ message: 'ispName must not be empty' })
  ispName?: string;

  @ApiPropertyOptional({ example: '+8801700000000' })
  @IsOptional()
  @Matches(CONTACT_NUMBER_PATTERN, {
    message: 'contactNumber must be 6–20 digits, optionally starting with +',
  })
  @IsString({ message: 'contactNumber must be a string' })
  contactNumber?: string;

  @ApiPropertyOptional({ maxLength: 255 })
  @IsOptional()
  @MaxLength(255, { message: 'address must be at most 255 characters long' })
  @IsString({ message: 'address must be a string' })
  address?: string;
}

export class UpdateTenantStatusDto implements UpdateTenantStatusRequest {
  @ApiProperty({ enum: ['active', 'hold'] })
  @IsIn(['active', 'hold'], { message: 'status must be active or hold' })
  status!: TenantStatus;
}
