import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Permission,
  type OltWritePaths,
  type OnuActionResult,
  type OnuWriteStarted,
  type OnuDetail,
  type OnuEventList,
  type OnuFilters,
  type OnuList,
  type OnuRealtime,
  type OnuSignalReading,
  type SignalDay,
  type SignalHistory,
  type TelnetCheckResult,
} from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { PageQueryDto } from '../../common/http/page-query.dto';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { OnuWriteDto, SignalQueryDto, TimeZoneQueryDto, UpdateOnuDataDto } from './dto/onu-data.dto';
import { OnuQueryDto } from './dto/onu-query.dto';
import { OnuActionsService } from './onu-actions.service';
import { OnuDetailsService } from './onu-details.service';
import { OnusService } from './onus.service';

/** Reading an ONU: either ONU list, or the dashboard (whose dB groups link to the PPPoE page). */
const READ = [Permission.OltDataPort, Permission.OltPort, Permission.Dashboard] as const;
/** Changing an ONU or acting on it: the two ONU lists, where those actions live. */
const WRITE = [Permission.OltDataPort, Permission.OltPort] as const;

@ApiTags('onus')
@Controller()
export class OnusController {
  constructor(
    private readonly onus: OnusService,
    private readonly details: OnuDetailsService,
    private readonly actions: OnuActionsService,
  ) {}

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

  @Get('onus/filters')
  @RequirePermission(...READ)
  @ApiOperation({ summary: 'The OLTs (and their PON ports holding ONUs) the ONU screens can filter by' })
  filters(@CurrentUser() actor: TenantActor): Promise<OnuFilters> {
    return this.onus.filters(actor);
  }

  @Get('onus/:id')
  @RequirePermission(...READ)
  @ApiOperation({ summary: 'One ONU with its port usage, down count and previous reading' })
  get(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<OnuDetail> {
    return this.details.get(actor, id);
  }

  @Patch('onus/:id')
  @RequirePermission(...WRITE)
  @ApiOperation({ summary: "Update Data: the line's PPPoE ids, on this ONU or moved to another interface" })
  update(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateOnuDataDto,
  ): Promise<OnuDetail> {
    return this.details.update(actor, id, body);
  }

  @Delete('onus/:id')
  @HttpCode(204)
  @RequirePermission(...WRITE)
  @ApiOperation({
    summary: 'Forget the stored record (it returns with the next poll while the OLT lists it)',
  })
  async remove(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<void> {
    await this.details.remove(actor, id);
  }

  @Get('onus/:id/signal')
  @RequirePermission(...READ)
  @ApiOperation({ summary: 'Signal history: one day of samples, or 90 days from hourly rollups' })
  signal(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Query() query: SignalQueryDto,
  ): Promise<SignalHistory> {
    return this.details.signal(actor, id, query);
  }

  @Get('onus/:id/signal-days')
  @RequirePermission(...READ)
  @ApiOperation({ summary: 'Days with signal samples in the last 90 days, newest first' })
  signalDays(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Query() query: TimeZoneQueryDto,
  ): Promise<SignalDay[]> {
    return this.details.signalDays(actor, id, query.tz);
  }

  @Get('onus/:id/events')
  @RequirePermission(...READ)
  @ApiOperation({
    summary: 'Status changes of the ONU (went offline with the reason, came back), newest first',
  })
  events(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Query() query: PageQueryDto,
  ): Promise<OnuEventList> {
    return this.details.events(actor, id, query);
  }

  @Post('onus/:id/read-signal')
  @HttpCode(200)
  @RequirePermission(...READ)
  @ApiOperation({ summary: 'Get: reads the ONU optics live from the OLT (through the worker)' })
  readSignal(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
  ): Promise<OnuSignalReading> {
    return this.actions.readSignal(actor, id);
  }

  @Post('onus/:id/realtime')
  @HttpCode(200)
  @RequirePermission(...READ)
  @ApiOperation({ summary: 'ONU Realtime: the live record and the up/down history from the OLT' })
  realtime(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<OnuRealtime> {
    return this.actions.realtime(actor, id);
  }

  @Post('onus/:id/reboot')
  @HttpCode(200)
  @RequirePermission(...WRITE)
  @ApiOperation({
    summary:
      "Reboots the ONU by its OLT's write path; the verdict (down and back, or no effect) follows as onu.write.verified",
  })
  reboot(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: OnuWriteDto,
  ): Promise<OnuWriteStarted> {
    return this.actions.reboot(actor, id, body);
  }

  @Post('onus/:id/clear')
  @HttpCode(200)
  @RequirePermission(Permission.PortClear)
  @ApiOperation({
    summary:
      "Clear: deletes the ONU on the OLT by its write path, confirms it left the OLT's table, then drops the record",
  })
  clear(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: OnuWriteDto,
  ): Promise<OnuActionResult> {
    return this.actions.clear(actor, id, body);
  }

  @Get('olts/:id/write-paths')
  @RequirePermission(...WRITE, Permission.PortClear)
  @ApiOperation({
    summary: "How this OLT's reboot, delete and port clear are sent, and the evidence behind each command",
  })
  writePaths(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
  ): Promise<OltWritePaths> {
    return this.actions.writePaths(actor, id);
  }

  @Post('olts/:id/telnet-check')
  @HttpCode(200)
  @RequirePermission(Permission.PortClear)
  @ApiOperation({ summary: 'Telnet login to the OLT: the Clear dialog enables Yes only after it succeeds' })
  telnetCheck(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
  ): Promise<TelnetCheckResult> {
    return this.actions.telnetCheck(actor, id);
  }
}
