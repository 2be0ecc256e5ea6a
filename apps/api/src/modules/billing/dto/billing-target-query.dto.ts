import { PACKAGE_KINDS, type BillingTargetQuery, type BillingTargetType } from '@pondesk/contracts';
import { IsOneOf } from '../../../common/validation/validation.decorators';

export class BillingTargetQueryDto implements BillingTargetQuery {
  @IsOneOf(PACKAGE_KINDS) kind!: BillingTargetType;
}
