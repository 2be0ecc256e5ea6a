import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { Transform } from 'class-transformer';
import {
  BILLING_REASON_MAX,
  BILLING_REASON_PATTERN,
  INVOICE_STATUSES,
  PAYMENT_STATES,
  type CancelInvoiceRequest,
  type InvoiceStatus,
  type PaymentAttemptQuery,
  type PaymentState,
  type PlatformInvoiceQuery,
  type RefundRequest,
} from '@pondesk/contracts';
import { PageQueryDto } from '../../../common/http/page-query.dto';
import { IsOneOf, IsUuid } from '../../../common/validation/validation.decorators';

const INVOICE_STATUS_FILTERS = ['all', ...INVOICE_STATUSES] as const;

export class PlatformInvoiceQueryDto extends PageQueryDto implements PlatformInvoiceQuery {
  @IsUuid({ optional: true, docs: { description: "One ISP account's invoices" } }) tenantId?: string;
  @IsOneOf(INVOICE_STATUS_FILTERS, {
    optional: true,
    message: `status must be one of ${INVOICE_STATUS_FILTERS.join(', ')}`,
  })
  status?: InvoiceStatus | 'all';
}

export class PaymentAttemptQueryDto extends PageQueryDto implements PaymentAttemptQuery {
  @IsOneOf(PAYMENT_STATES, { optional: true, message: `state must be one of ${PAYMENT_STATES.join(', ')}` })
  state?: PaymentState;
}

/** Why a refund or a cancellation: 1–200 characters, none of `<>&` (bKash refuses them). */
function IsBillingReason(): PropertyDecorator {
  return applyDecorators(
    IsString({ message: '$property must be a string' }),
    IsNotEmpty({ message: '$property is required' }),
    MaxLength(BILLING_REASON_MAX, {
      message: `$property must be at most ${BILLING_REASON_MAX} characters long`,
    }),
    Matches(BILLING_REASON_PATTERN, { message: '$property must not contain <, > or &' }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    ApiProperty({ minLength: 1, maxLength: BILLING_REASON_MAX, example: 'Paid twice' }),
  );
}

export class RefundDto implements RefundRequest {
  @IsBillingReason() reason!: string;
}

export class CancelInvoiceDto implements CancelInvoiceRequest {
  @IsBillingReason() reason!: string;
}
