import {
  POP_ALIVE_MINUTES_MAX,
  POP_NAME_MAX,
  POP_SOURCE_TYPES,
  type PopRequest,
  type PopSourceRequest,
  type PopSourceType,
} from '@pondesk/contracts';
import { IsInteger, IsOneOf, IsUuid } from '../../../common/validation/validation.decorators';
import { IsIpv4Address, IsName, IsTrimmedText } from './monitor-fields';

const TYPE_RULE = `type must be one of ${POP_SOURCE_TYPES.join(', ')}`;

export class CreatePopDto implements PopRequest {
  @IsName(POP_NAME_MAX) name!: string;
  @IsTrimmedText(100, {
    optional: true,
    nullable: true,
    docs: { type: 'string', description: 'Blank or null: none' },
  })
  areaName?: string | null;
  @IsUuid({
    optional: true,
    nullable: true,
    docs: { type: 'string', description: "A branch of the account's" },
  })
  branchId?: string | null;
}

export class UpdatePopDto implements Partial<PopRequest> {
  @IsName(POP_NAME_MAX, { optional: true }) name?: string;
  @IsTrimmedText(100, { optional: true, nullable: true, docs: { type: 'string' } }) areaName?: string | null;
  @IsUuid({ optional: true, nullable: true, docs: { type: 'string' } }) branchId?: string | null;
}

export class CreatePopSourceDto implements PopSourceRequest {
  @IsUuid({ docs: { description: "A POP of the account's" } }) popId!: string;
  @IsIpv4Address() ip!: string;
  @IsOneOf(POP_SOURCE_TYPES, { message: TYPE_RULE }) type!: PopSourceType;
  @IsInteger(0, POP_ALIVE_MINUTES_MAX, {
    optional: true,
    docs: { default: 0, description: 'Minutes of silence before the source counts as down' },
  })
  aliveMinutes?: number;
}

export class UpdatePopSourceDto implements Partial<PopSourceRequest> {
  @IsUuid({ optional: true }) popId?: string;
  @IsIpv4Address({ optional: true }) ip?: string;
  @IsOneOf(POP_SOURCE_TYPES, { optional: true, message: TYPE_RULE }) type?: PopSourceType;
  @IsInteger(0, POP_ALIVE_MINUTES_MAX, { optional: true }) aliveMinutes?: number;
}
