import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  Equals,
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import {
  VALIDATION_MESSAGES as M,
  type ForgotPasswordRequest,
  type LoginRequest,
  type LogoutRequest,
  type RefreshRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type SignUpRequest,
} from '@pondesk/contracts';
import { Match } from '../../../common/validation/match.decorator';

// class-validator runs the decorator nearest the property first; with stopAtFirstError the
// "required" message therefore sits at the bottom of each stack.

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const USERNAME_RULE = 'may contain only letters, digits, dot, dash and underscore';

export class RegisterDto implements RegisterRequest {
  @ApiProperty({ description: 'The username', minLength: 3, maxLength: 50 })
  @Matches(USERNAME_PATTERN, { message: `name ${USERNAME_RULE}` })
  @MinLength(3, { message: 'name must be at least 3 characters long' })
  @MaxLength(50, { message: 'name must be at most 50 characters long' })
  @IsString({ message: 'name must be a string' })
  @IsNotEmpty({ message: M.usernameRequired })
  name!: string;

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

  @ApiProperty()
  @Match('password', { message: M.passwordsMustMatch })
  passwordConfirmation!: string;

  @ApiProperty({ enum: [true] })
  @Equals(true, { message: M.termsRequired })
  acceptTerms!: boolean;
}

export class SignUpDto implements SignUpRequest {
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

  @ApiProperty({ enum: [true] })
  @Equals(true, { message: M.termsRequired })
  acceptTerms!: boolean;
}

export class LoginDto implements LoginRequest {
  @ApiProperty({ description: 'Username or email' })
  @MaxLength(254, { message: 'username must be at most 254 characters long' })
  @IsString({ message: 'username must be a string' })
  @IsNotEmpty({ message: M.usernameRequired })
  username!: string;

  @ApiProperty()
  @MaxLength(128, { message: 'password must be at most 128 characters long' })
  @IsString({ message: 'password must be a string' })
  @IsNotEmpty({ message: M.passwordRequired })
  password!: string;
}

export class RefreshDto implements RefreshRequest {
  @ApiProperty()
  @MaxLength(200, { message: 'refreshToken must be at most 200 characters long' })
  @IsString({ message: 'refreshToken must be a string' })
  @IsNotEmpty({ message: 'refreshToken is required' })
  refreshToken!: string;
}

export class LogoutDto implements LogoutRequest {
  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(200, { message: 'refreshToken must be at most 200 characters long' })
  @IsString({ message: 'refreshToken must be a string' })
  refreshToken?: string;
}

export class ForgotPasswordDto implements ForgotPasswordRequest {
  @ApiProperty()
  @MaxLength(254, { message: 'email must be at most 254 characters long' })
  @IsEmail({}, { message: M.emailInvalid })
  @IsString({ message: M.emailInvalid })
  @IsNotEmpty({ message: M.emailRequired })
  email!: string;
}

export class ResetPasswordDto implements ResetPasswordRequest {
  @ApiProperty()
  @MaxLength(254, { message: 'email must be at most 254 characters long' })
  @IsEmail({}, { message: M.emailInvalid })
  @IsString({ message: M.emailInvalid })
  @IsNotEmpty({ message: M.emailRequired })
  email!: string;

  @ApiProperty()
  @MaxLength(200, { message: 'token must be at most 200 characters long' })
  @IsString({ message: 'token must be a string' })
  @IsNotEmpty({ message: 'token is required' })
  token!: string;

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
