import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Permission, type DeviceLogList, type LogDevice } from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { LogQueryDto } from './dto/log-query.dto';
import { LogsService } from './logs.service';

/**
 * The Log List and the Live Log List (code 2002 for both: the live list shows the same lines, and the
 * spec names no code of its own for it).
 */
@ApiTags('logs')
@Controller('logs')
export class LogsController {
  constructor(private readonly logs: LogsService) {}

  @Get()
  @RequirePermission(Permission.LogList)
  @ApiOperation({
    summary:
      'Syslog lines of the OLTs the user may see and of their routers; the last 7 days unless from/to say otherwise; `search` matches the message text',
  })
  @ApiOkResponse({
    description:
      'DeviceLogList. `total` is exact up to 10,000 matches; above that it is a lower bound (at least one more than the page asked for ends on).',
  })
  list(@CurrentUser() actor: TenantActor, @Query() query: LogQueryDto): Promise<DeviceLogList> {
    return this.logs.list(actor, query);
  }

  @Get('devices')
  @RequirePermission(Permission.LogList)
  @ApiOperation({ summary: 'The devices of the log filter: the OLTs the user may see and their routers' })
  @ApiOkResponse({ description: 'LogDevice[], by name' })
  devices(@CurrentUser() actor: TenantActor): Promise<LogDevice[]> {
    return this.logs.devices(actor);
  }
}
