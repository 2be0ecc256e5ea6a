import { OmitType } from '@nestjs/swagger';
import { INVOICE_FILTERS, type InvoiceFilter, type InvoiceQuery } from '@pondesk/contracts';
import { PageQueryDto } from '../../../common/http/page-query.dto';
import { IsOneOf } from '../../../common/validation/validation.decorators';

export class InvoiceQueryDto extends OmitType(PageQueryDto, ['search'] as const) implements InvoiceQuery {
  @IsOneOf(INVOICE_FILTERS, { optional: true, docs: { default: 'all' } }) status?: InvoiceFilter;
}
