import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Permission, type SwitchPortHistory, type SwitchPortList } from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { SwitchPortHistoryQueryDto, SwitchPortQueryDto } from './dto/switch-port-query.dto';
import { SwitchPortsService } from './switch-ports.service';

@ApiTags('switches')
@Controller('switch-ports')
export class SwitchPortsController {
  constructor(private readonly ports: SwitchPortsService) {}

  @Get()
  @RequirePermission(Permission.SwitchList, Permission.DashboardSwitchList)
  @ApiOperation({
    summary: "Ports of the tenant's switches, paged on the server, with up/down/critical/warning counts",
  })
  list(@CurrentUser() actor: TenantActor, @Query() query: SwitchPortQueryDto): Promise<SwitchPortList> {
    return this.ports.list(actor, query);
  }

  @Get(':id/history')
  @RequirePermission(Permission.SwitchList, Permission.DashboardSwitchList)
  @ApiOperation({
    summary:
      "A port's rx/tx history (raw up to 48 hours, hourly beyond, at most 90 days), its events and the OLTs its description names",
  })
  history(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Query() query: SwitchPortHistoryQueryDto,
  ): Promise<SwitchPortHistory> {
    return this.ports.history(actor, id, query);
  }
}
