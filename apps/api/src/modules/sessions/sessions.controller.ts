import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  INGEST_KEY_HEADER,
  Permission,
  type DownCountList,
  type IngestAccepted,
  type IngestSetup,
  type SessionHistory,
} from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { Public, RequirePermission } from '../../common/auth/auth.decorators';
import { PppoeIdPipe } from '../onus/dto/pppoe-id.pipe';
import { TimeZoneQueryDto } from '../onus/dto/onu-data.dto';
import { DownCountsService } from './down-counts.service';
import { DownCountQueryDto } from './dto/session.dto';
import { IngestSetupService } from './ingest-setup.service';
import { SessionIngestService } from './session-ingest.service';

/** The PPPoE page reads a line's history too: the ONU-reading codes or the Down Count List's. */
const HISTORY = [
  Permission.OnuDownCount,
  Permission.OltDataPort,
  Permission.OltPort,
  Permission.Dashboard,
] as const;

/** Where the caller reached the API (for the scripts' URL when APP_ORIGIN is not set). */
const originOf = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

@ApiTags('sessions')
@Controller()
export class SessionsController {
  constructor(
    private readonly ingest: SessionIngestService,
    private readonly setupService: IngestSetupService,
    private readonly downCounts: DownCountsService,
  ) {}

  @Post('ingest/session-events')
  @Public()
  @HttpCode(202)
  @ApiOperation({
    summary:
      'A PPPoE session event from a router’s on-up/on-down script (form-encoded or JSON; RouterOS variable names), authenticated by the tenant’s ingest key (X-Ingest-Key header or key field)',
  })
  async sessionEvent(
    @Headers(INGEST_KEY_HEADER) header: string | undefined,
    @Query('key') queryKey: string | undefined,
    @Body() body: Record<string, unknown>,
  ): Promise<IngestAccepted> {
    // Served by `ingestFastPath` ahead of the Nest pipeline; this declaration documents it (and serves it
    // should the fast path not be mounted).
    await this.ingest.receive(header, queryKey, body);
    return { accepted: true };
  }

  @Get('ingest/setup')
  @RequirePermission(Permission.OnuDownCount)
  @ApiOperation({ summary: 'The ingest key, URL and router scripts, and the last event of each router' })
  setup(@CurrentUser() actor: TenantActor, @Req() req: Request): Promise<IngestSetup> {
    return this.setupService.setup(actor, originOf(req));
  }

  @Post('ingest/key/rotate')
  @RequirePermission(Permission.OnuDownCount)
  @ApiOperation({ summary: 'A new ingest key; routers still sending the old one are refused from now on' })
  rotate(@CurrentUser() actor: TenantActor, @Req() req: Request): Promise<IngestSetup> {
    return this.setupService.rotate(actor, originOf(req));
  }

  @Get('down-counts')
  @RequirePermission(Permission.OnuDownCount)
  @ApiOperation({ summary: 'PPPoE ids by session drops in the last 30 days, with the cause of the latest' })
  list(@CurrentUser() actor: TenantActor, @Query() query: DownCountQueryDto): Promise<DownCountList> {
    return this.downCounts.list(actor, query);
  }

  @Get('down-counts/:pppoeId/history')
  @RequirePermission(...HISTORY)
  @ApiOperation({ summary: 'A PPPoE id’s session events of the last 30 days by day, with each drop’s cause' })
  history(
    @CurrentUser() actor: TenantActor,
    @Param('pppoeId', PppoeIdPipe) pppoeId: string,
    @Query() query: TimeZoneQueryDto,
  ): Promise<SessionHistory> {
    return this.downCounts.history(actor, pppoeId, query.tz ?? 'UTC');
  }

  @Delete('down-counts/:pppoeId')
  @HttpCode(204)
  @RequirePermission(Permission.OnuDownCount)
  @ApiOperation({ summary: 'Forget a PPPoE id’s session events' })
  remove(@CurrentUser() actor: TenantActor, @Param('pppoeId', PppoeIdPipe) pppoeId: string): Promise<void> {
    return this.downCounts.remove(actor, pppoeId);
  }
}
