import { Module } from '@nestjs/common';
import { OltAccessModule } from '../../common/olt-access/olt-access.module';
import { BillingExpiryController } from './billing-expiry.controller';
import { BillingExpiryService } from './billing-expiry.service';

/**
 * What a package's expiry changes: the banner's notices here; the refusal of device actions after the grace
 * is `device-actions.policy.ts`, called by the features that write to a device.
 */
@Module({
  imports: [OltAccessModule],
  controllers: [BillingExpiryController],
  providers: [BillingExpiryService],
})
export class BillingExpiryModule {}
