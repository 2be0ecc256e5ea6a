import { ValidateBy } from 'class-validator';
import {
  LOG_EVENT_KINDS,
  LOG_SEVERITIES,
  LOG_SORTS,
  isDateTime,
  parseLogDeviceId,
  type DeviceLogQuery,
  type LogEventKind,
  type LogSeverity,
  type LogSort,
} from '@pondesk/contracts';
import { PageQueryDto } from '../../../common/http/page-query.dto';
import { IsDateTime, IsOneOf, IsShortString } from '../../../common/validation/validation.decorators';

/** `olt:<uuid>` or `router:<uuid>`: 6 + 1 + 36 characters at most. */
const DEVICE_ID_MAX = 43;

export class LogQueryDto extends PageQueryDto implements DeviceLogQuery {
  // Checked after the type and length (decorators run bottom up), so an array or overlong value is named as such.
  @ValidateBy(
    {
      name: 'isLogDeviceId',
      validator: { validate: (v: unknown) => typeof v === 'string' && parseLogDeviceId(v) !== null },
    },
    { message: 'deviceId must be olt:<OLT id> or router:<OLT id>' },
  )
  @IsShortString(DEVICE_ID_MAX, {
    optional: true,
    docs: {
      description: 'One device: an OLT (`olt:<OLT id>`) or its MikroTik router (`router:<OLT id>`)',
      example: 'olt:3f1c2a4e-8b7d-4c1e-9a2b-0c3d4e5f6a7b',
    },
  })
  deviceId?: string;

  @IsOneOf(LOG_EVENT_KINDS, {
    optional: true,
    message: `kind must be one of ${LOG_EVENT_KINDS.join(', ')}`,
    docs: { description: 'What the line says happened' },
  })
  kind?: LogEventKind;

  @IsOneOf(LOG_SEVERITIES, {
    optional: true,
    message: `severity must be one of ${LOG_SEVERITIES.join(', ')}`,
    docs: { description: 'Lines of this severity and worse (warning: warning, error, critical…)' },
  })
  severity?: LogSeverity;

  @IsDateTime({
    optional: true,
    docs: { description: 'Lines received at or after this time; 7 days before `to` (or now) by default' },
  })
  from?: string;

  // Checked after the format (decorators run bottom up), so a bad date is named as such first.
  @ValidateBy(
    {
      name: 'notBeforeFrom',
      validator: {
        validate: (to: unknown, args) => {
          const from = (args?.object as LogQueryDto | undefined)?.from;
          if (typeof to !== 'string' || typeof from !== 'string') return true;
          if (!isDateTime(to) || !isDateTime(from)) return true;
          return Date.parse(from) <= Date.parse(to);
        },
      },
    },
    { message: 'to must not be before from' },
  )
  @IsDateTime({ optional: true, docs: { description: 'Lines received before this time (exclusive)' } })
  to?: string;

  @IsOneOf(LOG_SORTS, {
    optional: true,
    message: `sort must be one of ${LOG_SORTS.join(', ')}`,
    docs: { default: 'receivedAt' },
  })
  sort?: LogSort;

  @IsOneOf(['asc', 'desc'], { optional: true, message: 'order must be asc or desc' })
  order?: 'asc' | 'desc';
}
