import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  BillingCycleEntity,
  BillingPackageEntity,
  BkashPaymentEntity,
  InvoiceEntity,
} from '@pondesk/server-database';
import { BillingOverviewService } from './billing-overview.service';
import { CatalogueService } from './catalogue.service';
import { platformBkashProvider } from './platform-bkash.provider';
import { PlatformBillingController } from './platform-billing.controller';
import { RefundsService } from './refunds.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([BillingPackageEntity, BillingCycleEntity, InvoiceEntity, BkashPaymentEntity]),
  ],
  controllers: [PlatformBillingController],
  providers: [CatalogueService, BillingOverviewService, RefundsService, platformBkashProvider],
})
export class PlatformBillingModule {}
