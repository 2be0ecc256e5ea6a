import { ValidateBy } from 'class-validator';
import {
  POP_OUTAGE_PAGE_SIZE,
  POP_OUTAGE_SORTS,
  isDateTime,
  type PopOutageQuery,
  type PopOutageSort,
} from '@pondesk/contracts';
import {
  IsDateTime,
  IsInteger,
  IsOneOf,
  IsShortString,
  IsUuid,
} from '../../../common/validation/validation.decorators';

export class PopOutageQueryDto implements PopOutageQuery {
  @IsInteger(1, 100000, { optional: true, docs: { default: 1 } }) page?: number;
  @IsInteger(1, 100, { optional: true, docs: { default: POP_OUTAGE_PAGE_SIZE } }) pageSize?: number;
  @IsShortString(100, {
    optional: true,
    docs: { description: "Case-insensitive part of the outage's IP address or its POP's name" },
  })
  search?: string;

  @IsUuid({ optional: true, docs: { description: 'Outages of one POP' } }) popId?: string;

  @IsDateTime({ optional: true, docs: { description: 'Outages that began at or after this time' } })
  from?: string;

  // Checked after the format (decorators run bottom up), so a bad date is named as such first.
  @ValidateBy(
    {
      name: 'notBeforeFrom',
      validator: {
        validate: (to: unknown, args) => {
          const from = (args?.object as PopOutageQueryDto | undefined)?.from;
          if (typeof to !== 'string' || typeof from !== 'string') return true;
          if (!isDateTime(to) || !isDateTime(from)) return true;
          return Date.parse(from) <= Date.parse(to);
        },
      },
    },
    { message: 'to must not be before from' },
  )
  @IsDateTime({ optional: true, docs: { description: 'Outages that began at or before this time' } })
  to?: string;

  @IsOneOf(POP_OUTAGE_SORTS, {
    optional: true,
    message: `sort must be one of ${POP_OUTAGE_SORTS.join(', ')}`,
    docs: { default: 'downAt' },
  })
  sort?: PopOutageSort;

  @IsOneOf(['asc', 'desc'], {
    optional: true,
    message: 'order must be asc or desc',
    docs: { description: 'Default: newest and longest first (desc) for times, A to Z for text' },
  })
  order?: 'asc' | 'desc';
}
