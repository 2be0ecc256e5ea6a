import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Permission, type OnuList } from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { OnuQueryDto } from './dto/onu-query.dto';
import { OnusService } from './onus.service';

@ApiTags('onus')
@Controller()
export class OnusController {
  constructor(private readonly onus: OnusService) {}

  @Get('onus')
  @RequirePermission(Permission.OltDataPort)
  @ApiOperation({ summary: 'ONUs of the OLTs the user may see: filter, search, sort and page on the server' })
  list(@CurrentUser() actor: TenantActor, @Query() query: OnuQueryDto): Promise<OnuList> {
    return this.onus.list(actor, query);
  }

  @Get('olt-ports/onus')
  @RequirePermission(Permission.OltPort)
  @ApiOperation({ summary: 'The same ONU list for the Olt Port screen' })
  listForPorts(@CurrentUser() actor: TenantActor, @Query() query: OnuQueryDto): Promise<OnuList> {
    return this.onus.list(actor, query);
  }
}
