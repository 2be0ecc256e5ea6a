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
  @IsContactNumber({ optional: true }) contactNumber?: string;
  @IsText(255, { optional: true }) address?: string;
}

export class UpdateTenantStatusDto implements UpdateTenantStatusRequest {
  @IsAccountStatus() status!: TenantStatus;
}
