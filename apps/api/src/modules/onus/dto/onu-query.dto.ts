import {
  ONU_DOWN_REASONS,
  ONU_SORTS,
  ONU_STATUSES,
  RX_THRESHOLDS,
  type RxThreshold,
  type OnuDownReasonCode,
  type OnuQuery,
  type OnuSort,
  type OnuStatusCode,
} from '@pondesk/contracts';
import { PageQueryDto } from '../../../common/http/page-query.dto';
import { IsInteger, IsOneOf, IsUuid } from '../../../common/validation/validation.decorators';

const optional = { optional: true } as const;

export class OnuQueryDto extends PageQueryDto implements OnuQuery {
  @IsUuid(optional) oltId?: string;
  @IsInteger(0, 512, optional) ponPort?: number;
  @IsOneOf(ONU_STATUSES, optional) status?: OnuStatusCode;
  @IsOneOf(ONU_DOWN_REASONS, optional) reason?: OnuDownReasonCode;
  @IsOneOf(RX_THRESHOLDS, optional) signal?: RxThreshold;
  @IsOneOf(ONU_SORTS, { ...optional, docs: { default: 'olt' } }) sort?: OnuSort;
  @IsOneOf(['asc', 'desc'], { ...optional, docs: { default: 'asc' } }) order?: 'asc' | 'desc';
}
