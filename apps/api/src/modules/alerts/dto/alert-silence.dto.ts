import { SILENCE_TARGET_TYPES, type AlertSilenceInput, type SilenceTargetType } from '@pondesk/contracts';
import {
  IsDateTime,
  IsInteger,
  IsOneOf,
  IsShortString,
  IsUuid,
} from '../../../common/validation/validation.decorators';
import { SILENCE_DURATION_MAX_MINUTES } from '../alert-validation';

/** 'Silence for 2 h' (`durationMinutes`) or a scheduled window (`startsAt`, `endsAt`). */
export class CreateAlertSilenceDto implements AlertSilenceInput {
  @IsOneOf(SILENCE_TARGET_TYPES, { message: `targetType must be one of ${SILENCE_TARGET_TYPES.join(', ')}` })
  targetType!: SilenceTargetType;
  @IsUuid({ docs: { description: 'An OLT (one the user may see), switch or POP of the tenant' } })
  targetId!: string;
  @IsDateTime({ optional: true, docs: { description: 'Now when left out' } }) startsAt?: string;
  @IsDateTime({ optional: true, docs: { description: 'In the future, at most 31 days after startsAt' } })
  endsAt?: string;
  @IsInteger(1, SILENCE_DURATION_MAX_MINUTES, {
    optional: true,
    docs: { description: 'Silence from now for this many minutes (instead of startsAt/endsAt)' },
  })
  durationMinutes?: number;
  @IsShortString(200, { optional: true, nullable: true, trim: true }) reason?: string;
}
