import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Permission,
  type BillingCatalogue,
  type BillingTargetRow,
  type Invoice,
  type InvoiceList,
  type PaymentAttempt,
  type PaymentStartResponse,
} from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { Authenticated, RequirePermission } from '../../common/auth/auth.decorators';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { BillingService } from './billing.service';
import { BillingTargetQueryDto } from './dto/billing-target-query.dto';
import { CreateInvoiceDto } from './dto/create-invoice.dto';
import { InvoiceQueryDto } from './dto/invoice-query.dto';
import { PaymentsService } from './payments.service';

@ApiTags('billing')
@Controller('billing')
export class BillingController {
  constructor(
    private readonly billing: BillingService,
    private readonly payments: PaymentsService,
  ) {}

  @Get('catalogue')
  @Authenticated()
  @ApiOperation({ summary: 'Offered packages and billing cycles, and whether online payment is configured' })
  catalogue(): Promise<BillingCatalogue> {
    return this.billing.catalogue();
  }

  @Get('targets')
  @RequirePermission(Permission.PackageList, Permission.OltList, Permission.SwitchList)
  @ApiOperation({
    summary:
      'The OLTs (2001 or 2006; the user’s permitted ones) or switches (2001 or 2004) a package can be bought for, by name',
  })
  targets(
    @CurrentUser() actor: TenantActor,
    @Query() query: BillingTargetQueryDto,
  ): Promise<BillingTargetRow[]> {
    return this.billing.targets(actor, query.kind);
  }

  @Get('invoices')
  @RequirePermission(Permission.PackageList, Permission.Dashboard)
  @ApiOperation({ summary: "The tenant's invoices, newest first (OLT invoices: the user's permitted OLTs)" })
  list(@CurrentUser() actor: TenantActor, @Query() query: InvoiceQueryDto): Promise<InvoiceList> {
    return this.billing.list(actor, query);
  }

  @Get('invoices/:id')
  @RequirePermission(Permission.PackageList, Permission.Dashboard)
  @ApiOperation({ summary: 'One invoice' })
  get(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<Invoice> {
    return this.billing.get(actor, id);
  }

  @Post('invoices')
  @RequirePermission(Permission.PackageList, Permission.OltList, Permission.SwitchList)
  @ApiOperation({
    summary:
      'Issue a due invoice for an OLT (2001 or 2006) or a switch (2001 or 2004): Pay Later, and the first step of Pay Now',
  })
  create(@CurrentUser() actor: TenantActor, @Body() body: CreateInvoiceDto): Promise<Invoice> {
    return this.billing.create(actor, body);
  }

  @Post('invoices/:id/pay')
  @HttpCode(200)
  @RequirePermission(Permission.PackageList, Permission.OltList, Permission.SwitchList)
  @ApiOperation({
    summary:
      'Start a bKash payment of a due invoice: the bkashURL to open (the same one again within 10 minutes); 503 when online payment is not configured',
  })
  pay(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
  ): Promise<PaymentStartResponse> {
    return this.payments.pay(actor, id);
  }

  @Get('payments/:id')
  @RequirePermission(Permission.PackageList, Permission.Dashboard, Permission.OltList, Permission.SwitchList)
  @ApiOperation({ summary: 'One payment attempt of the tenant (the result page after bKash)' })
  payment(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
  ): Promise<PaymentAttempt> {
    return this.payments.get(actor, id);
  }
}
