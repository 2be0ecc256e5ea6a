import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ExpiryNotice } from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { Authenticated } from '../../common/auth/auth.decorators';
import { BillingExpiryService } from './billing-expiry.service';

@ApiTags('billing')
@Controller('billing')
export class BillingExpiryController {
  constructor(private readonly expiry: BillingExpiryService) {}

  @Get('expiry-notices')
  @Authenticated()
  @ApiOperation({
    summary:
      "The banner's devices: OLTs the user may see (and switches, with 2004) whose package is expiring, in grace or expired, soonest first",
  })
  notices(@CurrentUser() actor: TenantActor): Promise<ExpiryNotice[]> {
    return this.expiry.notices(actor);
  }
}
