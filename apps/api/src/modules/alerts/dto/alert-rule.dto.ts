import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsObject } from 'class-validator';
import type { AlertRuleUpdate } from '@pondesk/contracts';
import { IsFlag, IsInteger } from '../../../common/validation/validation.decorators';
import { ALERT_MIN_DURATION_MAX_SECONDS } from '../alert-validation';

/** The rule's thresholds; what they may hold depends on the kind, checked by `ruleParamsOf`. */
const IsRuleParams = () =>
  applyDecorators(
    IsObject({ message: '$property must be an object' }),
    ApiProperty({
      type: 'object',
      additionalProperties: true,
      description:
        'pon-outage: minOnus, minShare, windowSeconds, recoveredShare; onu-down: reasons; olt-unreachable: {}; signal-degrading: minDeclineDbPerDay, horizonDays; payment-due: daysBefore',
    }),
  );

/** The whole rule of one kind (PUT): every field is sent. */
export class AlertRuleUpdateDto implements AlertRuleUpdate {
  @IsFlag() enabled!: boolean;
  @IsInteger(0, ALERT_MIN_DURATION_MAX_SECONDS, {
    docs: { description: 'Seconds the condition must hold before the alert fires (0: at once)' },
  })
  minDurationSeconds!: number;
  @IsFlag({ docs: { description: 'Also send a message when the condition clears' } })
  notifyRecovery!: boolean;
  @IsRuleParams() params!: AlertRuleUpdate['params'];
}
