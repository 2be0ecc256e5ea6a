import { PageQueryDto } from '../../../common/http/page-query.dto';
import { IsOneOf, IsUuid } from '../../../common/validation/validation.decorators';

export const OLT_SORTS = [
  'name',
  'code',
  'host',
  'status',
  'branch',
  'mikrotikHost',
  'onuCount',
  'createdAt',
] as const;
export type OltSort = (typeof OLT_SORTS)[number];

export class OltListQueryDto extends PageQueryDto {
  @IsUuid({ optional: true }) branchId?: string;
  @IsOneOf(OLT_SORTS, { optional: true, docs: { default: 'name' } }) sort?: OltSort;
  @IsOneOf(['asc', 'desc'], { optional: true, docs: { default: 'asc' } }) order?: 'asc' | 'desc';
}
