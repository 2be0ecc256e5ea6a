import type {
  CreateUserRequest,
  UpdateUserRequest,
  UpdateUserStatusRequest,
  UserStatus,
} from '@pondesk/contracts';
import { PageQueryDto } from '../../../common/http/page-query.dto';
import {
  IsAccountStatus,
  IsContactNumber,
  IsEmailAddress,
  IsFlag,
  IsPassword,
  IsPrice,
  IsText,
  IsUsername,
  IsUuid,
  IsUuids,
} from '../../../common/validation/validation.decorators';

const optional = { optional: true } as const;
/** Nullable columns: null clears them (create stores null for them when left out). */
const clearable = { optional: true, nullable: true } as const;

/** Fields shared by create and update; every one optional here, create re-declares the required ones. */
class UserFieldsDto {
  @IsPassword(optional) password?: string;
  @IsContactNumber(clearable) contactNumber?: string;
  @IsText(255, clearable) address?: string;
  @IsText(120, clearable) ispName?: string;
  @IsUuid({ ...optional, docs: { format: 'uuid' } }) roleId?: string;
  @IsUuids(100, optional) branchIds?: string[];
  @IsPrice(optional) userPrice?: number;
  @IsFlag(optional) sendMsg?: boolean;
}

export class CreateUserDto extends UserFieldsDto implements CreateUserRequest {
  @IsUsername() username!: string;
  @IsEmailAddress() email!: string;
}

export class UpdateUserDto extends UserFieldsDto implements UpdateUserRequest {
  @IsUsername(optional) username?: string;
  @IsEmailAddress(optional) email?: string;
}

export class UpdateUserStatusDto implements UpdateUserStatusRequest {
  @IsAccountStatus() status!: UserStatus;
}

export class UserListQueryDto extends PageQueryDto {}
