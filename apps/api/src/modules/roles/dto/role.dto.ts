import type { CreateRoleRequest, UpdateRoleActiveRequest, UpdateRoleRequest } from '@pondesk/contracts';
import {
  IsFlag,
  IsPermissionCodes,
  IsRoleCode,
  IsText,
} from '../../../common/validation/validation.decorators';

const optional = { optional: true } as const;

export class CreateRoleDto implements CreateRoleRequest {
  @IsText(60) name!: string;
  @IsRoleCode({ ...optional, docs: { description: 'Generated when omitted' } }) code?: string;
  @IsFlag({ ...optional, docs: { default: true } }) active?: boolean;
  @IsPermissionCodes({ docs: { example: [2006, 2008] } }) menuCodes!: number[];
}

export class UpdateRoleDto implements UpdateRoleRequest {
  @IsText(60, { ...optional, notEmpty: true }) name?: string;
  @IsRoleCode(optional) code?: string;
  @IsFlag(optional) active?: boolean;
  @IsPermissionCodes(optional) menuCodes?: number[];
}

export class UpdateRoleActiveDto implements UpdateRoleActiveRequest {
  @IsFlag() active!: boolean;
}
