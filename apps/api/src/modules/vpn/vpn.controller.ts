import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiConflictResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Permission, type OltVpnTestResult, type VpnState } from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { OltVpnTestDto } from './dto/olt-vpn-test.dto';
import { VpnService } from './vpn.service';

/** Profile → Add VPN: the tenant's account on the platform's VPN concentrator (the account's admin only). */
@ApiTags('profile')
@Controller('profile/vpn')
export class VpnController {
  constructor(private readonly vpn: VpnService) {}

  @Get()
  @RequirePermission(Permission.Admin)
  @ApiOperation({
    summary:
      "The tenant's VPN account (with its password and the router command) and whether its router is dialled in",
  })
  get(@CurrentUser() actor: TenantActor): Promise<VpnState> {
    return this.vpn.state(actor);
  }

  @Post()
  @HttpCode(HttpStatus.OK)
  @RequirePermission(Permission.Admin)
  @ApiOperation({
    summary: "Add VPN: a PPP secret for the tenant on the platform's concentrator (again: the same account)",
  })
  @ApiConflictResponse({ description: 'This installation has no VPN concentrator' })
  @ApiBadGatewayResponse({
    description: 'The concentrator could not be reached or refused (the reason given)',
  })
  @ApiTooManyRequestsResponse({ description: 'Too many VPN changes for this account in a minute' })
  add(@CurrentUser() actor: TenantActor): Promise<VpnState> {
    return this.vpn.add(actor);
  }

  @Delete()
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: "Remove VPN: the secret removed on the concentrator (the router's session ends)" })
  @ApiConflictResponse({ description: 'This installation has no VPN concentrator' })
  @ApiBadGatewayResponse({
    description: 'The concentrator could not be reached or refused (the reason given)',
  })
  remove(@CurrentUser() actor: TenantActor): Promise<VpnState> {
    return this.vpn.remove(actor);
  }
}

/** The OLT form's VPN Test (beside Test Get Port). */
@ApiTags('olts')
@Controller('olts')
export class OltVpnTestController {
  constructor(private readonly vpn: VpnService) {}

  @Post('vpn-test')
  @HttpCode(HttpStatus.OK)
  @RequirePermission(Permission.OltList)
  @ApiOperation({
    summary:
      "VPN Test: the tenant's router dialled in, then the OLT's telnet, SNMP, HTTP and HTTPS ports through it (run by the worker; rate-limited per user)",
  })
  test(@CurrentUser() actor: TenantActor, @Body() body: OltVpnTestDto): Promise<OltVpnTestResult> {
    return this.vpn.test(actor, body);
  }
}
