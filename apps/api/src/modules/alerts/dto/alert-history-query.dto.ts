import { OmitType } from '@nestjs/swagger';
import { ALERT_KINDS, type AlertHistoryQuery, type AlertKind, type AlertState } from '@pondesk/contracts';
import { PageQueryDto } from '../../../common/http/page-query.dto';
import { IsOneOf, IsUuid } from '../../../common/validation/validation.decorators';

export const ALERT_STATES: readonly AlertState[] = ['firing', 'resolved'];

export class AlertHistoryQueryDto
  extends OmitType(PageQueryDto, ['search'] as const)
  implements AlertHistoryQuery
{
  @IsOneOf(ALERT_STATES, { optional: true }) state?: AlertState;
  @IsOneOf(ALERT_KINDS, { optional: true }) kind?: AlertKind;
  @IsUuid({ optional: true }) oltId?: string;
}
