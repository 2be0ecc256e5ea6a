import { ValidateBy } from 'class-validator';
import {
  SWITCH_HISTORY_MAX_DAYS,
  SWITCH_PORT_SORTS,
  isDateTime,
  type SwitchPortQuery,
  type SwitchPortSort,
} from '@pondesk/contracts';
import { PageQueryDto } from '../../../common/http/page-query.dto';
import { IsDateTime, IsOneOf, IsShortString, IsUuid } from '../../../common/validation/validation.decorators';

export class SwitchPortQueryDto extends PageQueryDto implements SwitchPortQuery {
  @IsUuid({ optional: true, docs: { description: 'Ports of one switch' } }) switchId?: string;
  @IsShortString(120, { optional: true, docs: { description: 'A port name, exact' } }) port?: string;
  @IsOneOf(SWITCH_PORT_SORTS, {
    optional: true,
    message: `sort must be one of ${SWITCH_PORT_SORTS.join(', ')}`,
    docs: { default: 'switch' },
  })
  sort?: SwitchPortSort;
  @IsOneOf(['asc', 'desc'], {
    optional: true,
    message: 'order must be asc or desc',
    docs: { default: 'asc' },
  })
  order?: 'asc' | 'desc';
}

export class SwitchPortHistoryQueryDto {
  @IsDateTime({ optional: true, docs: { description: '24 hours before `to` by default' } }) from?: string;

  // Checked after the format (decorators run bottom up), so a bad date is named as such first.
  @ValidateBy(
    {
      name: 'afterFrom',
      validator: {
        validate: (to: unknown, args) => {
          const from = (args?.object as SwitchPortHistoryQueryDto | undefined)?.from;
          if (typeof to !== 'string' || typeof from !== 'string') return true;
          if (!isDateTime(to) || !isDateTime(from)) return true;
          return Date.parse(from) < Date.parse(to);
        },
      },
    },
    { message: 'to must be after from' },
  )
  @IsDateTime({
    optional: true,
    docs: { description: `Now by default; at most ${SWITCH_HISTORY_MAX_DAYS} days after \`from\`` },
  })
  to?: string;
}
