import {
  PASSWORD_MAX,
  type ChangePasswordRequest,
  type CompleteProfileRequest,
  type SendOtpRequest,
  type UpdateProfileRequest,
} from '@pondesk/contracts';
import {
  IsContactNumber,
  IsEmailAddress,
  IsOtp,
  IsPassword,
  IsPasswordConfirmation,
  IsText,
  IsUsername,
} from '../../../common/validation/validation.decorators';

const optional = { optional: true } as const;

export class UpdateProfileDto implements UpdateProfileRequest {
  @IsUsername(optional) username?: string;
  @IsEmailAddress(optional) email?: string;
  @IsContactNumber(optional) contactNumber?: string;
  @IsText(255, optional) address?: string;
  @IsText(120, { ...optional, notEmpty: true, docs: { description: 'Needs permission 2000' } })
  ispName?: string;
  // Compared with the stored hash; its OpenAPI entry never showed a length limit.
  @IsText(PASSWORD_MAX, {
    ...optional,
    documentLimits: false,
    docs: { description: 'Required when the email changes' },
  })
  currentPassword?: string;
}

export class ChangePasswordDto implements ChangePasswordRequest {
  // Compared with the stored hash; its OpenAPI entry never showed a length limit.
  @IsText(PASSWORD_MAX, { documentLimits: false }) currentPassword!: string;
  @IsPassword() password!: string;
  @IsPasswordConfirmation() passwordConfirmation!: string;
}

export class SendOtpDto implements SendOtpRequest {
  @IsContactNumber() contactNumber!: string;
}

export class CompleteProfileDto implements CompleteProfileRequest {
  @IsText(120) ispName!: string;
  @IsContactNumber() contactNumber!: string;
  @IsText(255) address!: string;
  @IsOtp() otp!: string;
}
