import type { BillingTargetType, CreateInvoiceRequest } from '@pondesk/contracts';
import { IsOneOf, IsUuid } from '../../../common/validation/validation.decorators';

export const BILLING_TARGET_TYPES: readonly BillingTargetType[] = ['olt', 'switch'];

export class CreateInvoiceDto implements CreateInvoiceRequest {
  @IsUuid({ docs: { description: "An offered package of the target's kind (GET /billing/catalogue)" } })
  packageId!: string;
  @IsUuid({ docs: { description: 'An offered billing cycle (GET /billing/catalogue)' } }) cycleId!: string;
  @IsOneOf(BILLING_TARGET_TYPES) targetType!: BillingTargetType;
  @IsUuid({ docs: { description: 'The OLT or switch the invoice renews' } }) targetId!: string;
}
