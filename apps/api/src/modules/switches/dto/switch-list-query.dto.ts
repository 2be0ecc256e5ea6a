import { SWITCH_SORTS, type SwitchListQuery, type SwitchSort } from '@pondesk/contracts';
import { PageQueryDto } from '../../../common/http/page-query.dto';
import { IsOneOf } from '../../../common/validation/validation.decorators';

export class SwitchListQueryDto extends PageQueryDto implements SwitchListQuery {
  @IsOneOf(SWITCH_SORTS, {
    optional: true,
    message: `sort must be one of ${SWITCH_SORTS.join(', ')}`,
    docs: { default: 'name' },
  })
  sort?: SwitchSort;
  @IsOneOf(['asc', 'desc'], {
    optional: true,
    message: 'order must be asc or desc',
    docs: { default: 'asc' },
  })
  order?: 'asc' | 'desc';
}
