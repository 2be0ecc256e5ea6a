import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type {
  BillingCycle,
  BillingPackage,
  Paged,
  PaymentAttempt,
  PlatformInvoice,
} from '@pondesk/contracts';
import { PlatformAdmin } from '../../common/auth/auth.decorators';
import { CurrentActor, type Actor, type PlatformActor } from '../../common/auth/actor';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { BillingOverviewService } from './billing-overview.service';
import { CatalogueService } from './catalogue.service';
import { BillingCycleDto, BillingPackageDto } from './dto/catalogue.dto';
import {
  CancelInvoiceDto,
  PaymentAttemptQueryDto,
  PlatformInvoiceQueryDto,
  RefundDto,
} from './dto/overview.dto';
import { RefundsService } from './refunds.service';

const platform = (actor: Actor): PlatformActor => actor as PlatformActor; // the guard admitted only platform tokens

/** The platform administrator's billing: the catalogue, every tenant's invoices and payments, refunds. */
@ApiTags('platform')
@Controller('platform/billing')
export class PlatformBillingController {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly overview: BillingOverviewService,
    private readonly refunds: RefundsService,
  ) {}

  @Get('packages')
  @PlatformAdmin()
  @ApiOperation({ summary: 'Every package, active or not' })
  @ApiOkResponse({ description: 'BillingPackage[]' })
  listPackages(): Promise<BillingPackage[]> {
    return this.catalogue.listPackages();
  }

  @Post('packages')
  @PlatformAdmin()
  @ApiOperation({ summary: 'Add a package' })
  @ApiCreatedResponse({ description: 'BillingPackage' })
  createPackage(@CurrentActor() actor: Actor, @Body() body: BillingPackageDto): Promise<BillingPackage> {
    return this.catalogue.createPackage(platform(actor), body);
  }

  @Put('packages/:id')
  @PlatformAdmin()
  @ApiOperation({
    summary: 'Replace a package (no delete: active=false stops offering it; invoices keep their copy)',
  })
  @ApiOkResponse({ description: 'BillingPackage' })
  @ApiNotFoundResponse()
  updatePackage(
    @CurrentActor() actor: Actor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: BillingPackageDto,
  ): Promise<BillingPackage> {
    return this.catalogue.updatePackage(platform(actor), id, body);
  }

  @Get('cycles')
  @PlatformAdmin()
  @ApiOperation({ summary: "Every 'Select Month' choice, active or not" })
  @ApiOkResponse({ description: 'BillingCycle[]' })
  listCycles(): Promise<BillingCycle[]> {
    return this.catalogue.listCycles();
  }

  @Post('cycles')
  @PlatformAdmin()
  @ApiOperation({ summary: 'Add a cycle (months unique)' })
  @ApiCreatedResponse({ description: 'BillingCycle' })
  @ApiConflictResponse({ description: 'A cycle of these months exists' })
  createCycle(@CurrentActor() actor: Actor, @Body() body: BillingCycleDto): Promise<BillingCycle> {
    return this.catalogue.createCycle(platform(actor), body);
  }

  @Put('cycles/:id')
  @PlatformAdmin()
  @ApiOperation({ summary: 'Replace a cycle' })
  @ApiOkResponse({ description: 'BillingCycle' })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'Another cycle has these months' })
  updateCycle(
    @CurrentActor() actor: Actor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: BillingCycleDto,
  ): Promise<BillingCycle> {
    return this.catalogue.updateCycle(platform(actor), id, body);
  }

  @Get('invoices')
  @PlatformAdmin()
  @ApiOperation({ summary: "Every ISP's invoices, newest first (search: invoice number or ISP name)" })
  @ApiOkResponse({ description: 'Paged<PlatformInvoice>' })
  listInvoices(@Query() query: PlatformInvoiceQueryDto): Promise<Paged<PlatformInvoice>> {
    return this.overview.listInvoices(query);
  }

  @Post('invoices/:id/cancel')
  @PlatformAdmin()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Cancel a due invoice (a paid one is cancelled by refunding its payment)' })
  @ApiOkResponse({ description: 'PlatformInvoice' })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'The invoice is not due' })
  cancelInvoice(
    @CurrentActor() actor: Actor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: CancelInvoiceDto,
  ): Promise<PlatformInvoice> {
    return this.overview.cancelInvoice(platform(actor), id, body.reason);
  }

  @Get('payments')
  @PlatformAdmin()
  @ApiOperation({
    summary: 'bKash payment attempts, newest first (search: invoice numbers, bKash ids, ISP name)',
  })
  @ApiOkResponse({ description: 'Paged<PaymentAttempt>' })
  listPayments(@Query() query: PaymentAttemptQueryDto): Promise<Paged<PaymentAttempt>> {
    return this.overview.listPayments(query);
  }

  @Post('payments/:id/refund')
  @PlatformAdmin()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Refund a completed payment in full through bKash; if it paid its invoice, the invoice is cancelled and the device loses the period',
  })
  @ApiOkResponse({ description: 'PaymentAttempt (refunded)' })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'Not a completed bKash payment, or already refunded' })
  @ApiServiceUnavailableResponse({ description: 'Online payment is not configured' })
  refund(
    @CurrentActor() actor: Actor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: RefundDto,
  ): Promise<PaymentAttempt> {
    return this.refunds.refund(platform(actor), id, body.reason);
  }
}
