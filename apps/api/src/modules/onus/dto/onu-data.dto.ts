import { PPPOE_SUGGESTION_LIMIT, type OnuWriteRequest, type UpdateOnuDataRequest } from '@pondesk/contracts';
import {
  IsDay,
  IsFlag,
  IsInteger,
  IsPppoeIds,
  IsShortString,
  IsTimeZoneName,
} from '../../../common/validation/validation.decorators';

export class UpdateOnuDataDto implements UpdateOnuDataRequest {
  @IsPppoeIds(8, { docs: { example: ['rahim@isp'] } }) pppoeIds!: string[];
  @IsShortString(64, {
    min: 1,
    trim: true,
    docs: { example: 'EPON0/1:5', description: 'Interface name of the ONU, as the OLT writes it' },
  })
  ifName!: string;
}

export class SignalQueryDto {
  @IsDay({
    optional: true,
    docs: { example: '2026-11-20', description: 'One day (in `tz`); left out: the last 90 days' },
  })
  day?: string;
  @IsTimeZoneName({ optional: true }) tz?: string;
}

export class TimeZoneQueryDto {
  @IsTimeZoneName({ optional: true }) tz?: string;
}

export class PppoeSuggestQueryDto {
  @IsShortString(64, {
    min: 1,
    trim: true,
    docs: { description: 'Part of a PPPoE ID (case-insensitive)', maxLength: 64 },
  })
  q!: string;
  @IsInteger(1, 50, { optional: true, docs: { default: PPPOE_SUGGESTION_LIMIT, maximum: 50 } })
  limit?: number;
}

/** A reboot's or clear's body: empty, or the operator's acceptance of an inferred command. */
export class OnuWriteDto implements OnuWriteRequest {
  @IsFlag({
    optional: true,
    docs: {
      example: true,
      description: "Send the OLT's write even though its syntax is only inferred (the console asked first)",
    },
  })
  acceptInferred?: boolean;
}
