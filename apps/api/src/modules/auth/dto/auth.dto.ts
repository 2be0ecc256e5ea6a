import {
  EMAIL_MAX,
  PASSWORD_MAX,
  VALIDATION_MESSAGES as M,
  type ForgotPasswordRequest,
  type LoginRequest,
  type LogoutRequest,
  type RefreshRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type SignUpRequest,
} from '@pondesk/contracts';
import {
  IsAcceptedTerms,
  IsEmailAddress,
  IsPassword,
  IsPasswordConfirmation,
  IsText,
  IsUsername,
} from '../../../common/validation/validation.decorators';

// Sign-in names, passwords, tokens and look-up emails are compared with stored values; their OpenAPI
// entries never showed a length limit.
const presented = { documentLimits: false } as const;

export class RegisterDto implements RegisterRequest {
  @IsUsername({ docs: { description: 'The username' } }) name!: string;
  @IsEmailAddress() email!: string;
  @IsPassword() password!: string;
  @IsPasswordConfirmation() passwordConfirmation!: string;
  @IsAcceptedTerms() acceptTerms!: boolean;
}

export class SignUpDto implements SignUpRequest {
  @IsUsername() username!: string;
  @IsEmailAddress() email!: string;
  @IsPassword() password!: string;
  @IsAcceptedTerms() acceptTerms!: boolean;
}

export class LoginDto implements LoginRequest {
  @IsText(EMAIL_MAX, {
    ...presented,
    requiredMessage: M.usernameRequired,
    docs: { description: 'Username or email' },
  })
  username!: string;

  @IsText(PASSWORD_MAX, { ...presented, requiredMessage: M.passwordRequired }) password!: string;
}

export class RefreshDto implements RefreshRequest {
  // Optional: browsers send the refresh cookie instead (see AuthController.refresh).
  @IsText(200, { ...presented, optional: true }) refreshToken?: string;
}

export class LogoutDto implements LogoutRequest {
  @IsText(200, { ...presented, optional: true }) refreshToken?: string;
}

export class ForgotPasswordDto implements ForgotPasswordRequest {
  @IsEmailAddress(presented) email!: string;
}

export class ResetPasswordDto implements ResetPasswordRequest {
  @IsEmailAddress(presented) email!: string;
  @IsText(200, presented) token!: string;
  @IsPassword() password!: string;
  @IsPasswordConfirmation() passwordConfirmation!: string;
}
