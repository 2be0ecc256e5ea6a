import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import {
  VALIDATION_MESSAGES as M,
  type ChangePasswordRequest,
  type CompleteProfileRequest,
  type SendOtpRequest,
  type UpdateProfileRequest,
} from '@pondesk/contracts';
import { Match } from '../../../common/validation/match.decorator';
import { USERNAME_PATTERN, USERNAME_RULE } from '../../auth/dto/auth.dto';

/** Digits with an optional leading +, 6–20 characters in all. */
export const CONTACT_NUMBER_PATTERN = /^\+?[0-9]{6,19}$/;
const CONTACT_RULE = 'contactNumber must be 6–20 digits, optionally starting with +';

export class UpdateProfileDto implements UpdateProfileRequest {
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

  @ApiPropertyOptional({ maxLength: 120, description: 'Needs permission 2000' })
  @IsOptional()
  @MaxLength(120, { message: 'ispName must be at most 120 characters long' })
  @IsString({ message: 'ispName must be a string' })
  @IsNotEmpty({ message: 'ispName must not be empty' })
  ispName?: string;
}

export class ChangePasswordDto implements ChangePasswordRequest {
  @ApiProperty()
  @MaxLength(128, { message: 'currentPassword must be at most 128 characters long' })
  @IsString({ message: 'currentPassword must be a string' })
  @IsNotEmpty({ message: 'currentPassword is required' })
  currentPassword!: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @MaxLength(128, { message: 'password must be at most 128 characters long' })
  @MinLength(8, { message: M.passwordTooShort })
  @IsString({ message: 'password must be a string' })
  @IsNotEmpty({ message: M.passwordRequired })
  password!: string;

  @ApiProperty()
  @Match('password', { message: M.passwordsMustMatch })
  passwordConfirmation!: string;
}

export class SendOtpDto implements SendOtpRequest {
  @ApiProperty({ example: '+8801700000000' })
  @Matches(CONTACT_NUMBER_PATTERN, { message: CONTACT_RULE })
  @IsString({ message: 'contactNumber must be a string' })
  @IsNotEmpty({ message: 'contactNumber is required' })
  contactNumber!: string;
}

export class CompleteProfileDto implements CompleteProfileRequest {
  @ApiProperty({ maxLength: 120 })
  @MaxLength(120, { message: 'ispName must be at most 120 characters long' })
  @IsString({ message: 'ispName must be a string' })
  @IsNotEmpty({ message: 'ispName is required' })
  ispName!: string;

  @ApiProperty({ example: '+8801700000000' })
  @Matches(CONTACT_NUMBER_PATTERN, { message: CONTACT_RULE })
  @IsString({ message: 'contactNumber must be a string' })
  @IsNotEmpty({ message: 'contactNumber is required' })
  contactNumber!: string;

  @ApiProperty({ maxLength: 255 })
  @MaxLength(255, { message: 'address must be at most 255 characters long' })
  @IsString({ message: 'address must be a string' })
  @IsNotEmpty({ message: 'address is required' })
  address!: string;

  @ApiProperty({ example: '123456' })
  @Matches(/^\d{6}$/, { message: 'otp must be 6 digits' })
  @IsString({ message: 'otp must be a string' })
  @IsNotEmpty({ message: 'otp is required' })
  otp!: string;
}
