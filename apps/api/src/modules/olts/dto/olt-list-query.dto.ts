import { OLT_SORTS, type OltSort } from '@pondesk/contracts';
import { PageQueryDto } from '../../../common/http/page-query.dto';
import { IsOneOf, IsUuid } from '../../../common/validation/validation.decorators';

export { OLT_SORTS, type OltSort };

export class OltListQueryDto extends PageQueryDto {
  @IsUuid({ optional: true }) branchId?: string;
  @IsOneOf(OLT_SORTS, { optional: true, docs: { default: 'name' } }) sort?: OltSort;
  @IsOneOf(['asc', 'desc'], { optional: true, docs: { default: 'asc' } }) order?: 'asc' | 'desc';
}
