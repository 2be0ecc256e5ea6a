import type { CreateBranchRequest, UpdateBranchRequest } from '@pondesk/contracts';
import { IsFlag, IsText } from '../../../common/validation/validation.decorators';

export class CreateBranchDto implements CreateBranchRequest {
  @IsText(100) name!: string;
  @IsText(255, { optional: true, nullable: true }) address?: string;
  @IsFlag({ optional: true, docs: { default: true } }) isActive?: boolean;
}

export class UpdateBranchDto implements UpdateBranchRequest {
  @IsText(100, { optional: true, notEmpty: true }) name?: string;
  /** null clears the address. */
  @IsText(255, { optional: true, nullable: true }) address?: string;
  @IsFlag({ optional: true }) isActive?: boolean;
}
