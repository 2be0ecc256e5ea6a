import {
  DEFAULT_LATENCY_LIMIT_MS,
  LATENCY_HISTORY_MAX_HOURS,
  LATENCY_LIMIT_MAX_MS,
  SERVER_NAME_MAX,
} from '@pondesk/contracts';
import { IsFlag, IsInteger } from '../../../common/validation/validation.decorators';
import { IsIpv4Address, IsName } from './monitor-fields';

/** The server form's text fields (multipart: the logo comes as the file `logo`). */
export class CreateServerDto {
  @IsName(SERVER_NAME_MAX) name!: string;
  @IsIpv4Address() ip!: string;
  @IsInteger(1, LATENCY_LIMIT_MAX_MS, {
    optional: true,
    docs: { default: DEFAULT_LATENCY_LIMIT_MS, description: 'Alert when a reply takes longer (ms)' },
  })
  latencyLimitMs?: number;
}

export class UpdateServerDto {
  @IsName(SERVER_NAME_MAX, { optional: true }) name?: string;
  @IsIpv4Address({ optional: true }) ip?: string;
  @IsInteger(1, LATENCY_LIMIT_MAX_MS, { optional: true }) latencyLimitMs?: number;
  @IsFlag({ optional: true, docs: { description: 'true drops the logo (not with a new `logo`)' } })
  removeLogo?: boolean;
}

export class HistoryQueryDto {
  @IsInteger(1, LATENCY_HISTORY_MAX_HOURS, {
    optional: true,
    docs: { default: LATENCY_HISTORY_MAX_HOURS, description: 'Hours back from now' },
  })
  hours?: number;
}
