import { Module } from '@nestjs/common';
import { OltAccessModule } from '../../common/olt-access/olt-access.module';
import { BillingController } from './billing.controller';
import { BillingService } from './billing.service';
import { BkashCallbackController } from './bkash-callback.controller';
import { paymentSettlementProvider } from './bkash.providers';
import { PaymentsService } from './payments.service';

/** Tenants' invoices and bKash payments (the platform's catalogue and payments screens live elsewhere). */
@Module({
  imports: [OltAccessModule],
  controllers: [BillingController, BkashCallbackController],
  providers: [BillingService, PaymentsService, paymentSettlementProvider],
})
export class BillingModule {}
