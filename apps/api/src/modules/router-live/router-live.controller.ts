import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Permission, type SubscriberHosts, type SubscriberSession } from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { LiveReadQueryDto } from './dto/live-read-query.dto';
import { RouterLiveService } from './router-live.service';

/** The codes that read an ONU: either ONU list, or the dashboard (whose dB groups link to the PPPoE page). */
const READ = [Permission.OltDataPort, Permission.OltPort, Permission.Dashboard] as const;

@ApiTags('onus')
@Controller('onus/:id')
export class RouterLiveController {
  constructor(private readonly live: RouterLiveService) {}

  @Get('live-session')
  @RequirePermission(...READ)
  @ApiOperation({
    summary:
      "The subscriber's PPP session read now from the MikroTik of the ONU's OLT (uptime, address, caller id, VLAN, rates, bytes); a router that cannot be read is answered in `router.state`, not as an HTTP error",
  })
  @ApiOkResponse({ description: 'SubscriberSession' })
  session(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Query() query: LiveReadQueryDto,
  ): Promise<SubscriberSession> {
    return this.live.session(actor, id, query.pppoe);
  }

  @Get('live-hosts')
  @RequirePermission(...READ)
  @ApiOperation({
    summary:
      "The hosts the MikroTik sees behind the subscriber's session (ARP, DHCP leases, the session's address)",
  })
  @ApiOkResponse({ description: 'SubscriberHosts' })
  hosts(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Query() query: LiveReadQueryDto,
  ): Promise<SubscriberHosts> {
    return this.live.hosts(actor, id, query.pppoe);
  }
}
