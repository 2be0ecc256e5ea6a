import { PageQueryDto } from '../../../common/http/page-query.dto';
import { IsOneOf, IsShortString } from '../../../common/validation/validation.decorators';
import type { DownCountSort } from '@pondesk/contracts';

const SORTS: readonly DownCountSort[] = ['downCount', 'pppoeId', 'lastDownAt'];

export class DownCountQueryDto extends PageQueryDto {
  @IsShortString(64, { optional: true, trim: true }) q?: string;
  @IsOneOf(SORTS, { optional: true }) sort?: DownCountSort;
  @IsOneOf(['asc', 'desc'], { optional: true }) order?: 'asc' | 'desc';
}
