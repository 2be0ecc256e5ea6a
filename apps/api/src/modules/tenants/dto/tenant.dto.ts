import type {
  CreateTenantRequest,
  TenantStatus,
  UpdateTenantRequest,
  UpdateTenantStatusRequest,
} from '@pondesk/contracts';
import {
  IsAccountStatus,
  IsContactNumber,
  IsEmailAddress,
  IsPassword,
  IsText,
  IsUsername,
} from '../../../common/validation/validation.decorators';

export class CreateTenantDto implements CreateTenantRequest {
  @IsText(120) ispName!: string;
  @IsUsername() username!: string;
  @IsEmailAddress() email!: string;
  @IsPassword() password!: string;
}

export class UpdateTenantDto implements UpdateTenantRequest {
  @IsText(120, { optional: true, notEmpty: true }) ispName?: string;
  /** null clears the contact number or the address. */
  @IsContactNumber({ optional: true, nullable: true }) contactNumber?: string;
  @IsText(255, { optional: true, nullable: true }) address?: string;
}

export class UpdateTenantStatusDto implements UpdateTenantStatusRequest {
  @IsAccountStatus() status!: TenantStatus;
}
