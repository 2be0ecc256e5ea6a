import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Permission,
  type AlertChannel,
  type AlertHistory,
  type AlertRow,
  type AlertRule,
  type AlertSilence,
  type AlertTestResult,
} from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { AlertChannelsService } from './alert-channels.service';
import { AlertHistoryService } from './alert-history.service';
import { AlertIdPipe } from './alert-id.pipe';
import { AlertRulesService } from './alert-rules.service';
import { AlertSilencesService } from './alert-silences.service';
import { CreateAlertChannelDto, UpdateAlertChannelDto } from './dto/alert-channel.dto';
import { AlertHistoryQueryDto } from './dto/alert-history-query.dto';
import { AlertRuleUpdateDto } from './dto/alert-rule.dto';
import { CreateAlertSilenceDto } from './dto/alert-silence.dto';

@ApiTags('alerts')
@Controller('alerts')
export class AlertsController {
  constructor(
    private readonly rules: AlertRulesService,
    private readonly channels: AlertChannelsService,
    private readonly alerts: AlertHistoryService,
    private readonly silences: AlertSilencesService,
  ) {}

  @Get('rules')
  @RequirePermission(Permission.Alerts)
  @ApiOperation({ summary: 'The rule of every alert kind (the defaults where none was saved)' })
  listRules(@CurrentUser() actor: TenantActor): Promise<AlertRule[]> {
    return this.rules.list(actor);
  }

  @Put('rules/:kind')
  @RequirePermission(Permission.Alerts)
  @ApiOperation({ summary: "Save one kind's rule: enabled, minimum duration, recovery message, thresholds" })
  updateRule(
    @CurrentUser() actor: TenantActor,
    @Param('kind') kind: string,
    @Body() body: AlertRuleUpdateDto,
  ): Promise<AlertRule> {
    return this.rules.update(actor, kind, body);
  }

  @Get('channels')
  @RequirePermission(Permission.Alerts)
  @ApiOperation({ summary: 'Telegram, WhatsApp and webhook channels (secrets are never returned)' })
  listChannels(@CurrentUser() actor: TenantActor): Promise<AlertChannel[]> {
    return this.channels.list(actor);
  }

  @Post('channels')
  @RequirePermission(Permission.Alerts)
  @ApiOperation({ summary: 'Add a channel; its secret is sealed at rest and never returned' })
  createChannel(
    @CurrentUser() actor: TenantActor,
    @Body() body: CreateAlertChannelDto,
  ): Promise<AlertChannel> {
    return this.channels.create(actor, body);
  }

  @Patch('channels/:id')
  @RequirePermission(Permission.Alerts)
  @ApiOperation({
    summary: 'Update a channel; an absent secret keeps the stored one; the kind cannot change',
  })
  updateChannel(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateAlertChannelDto,
  ): Promise<AlertChannel> {
    return this.channels.update(actor, id, body);
  }

  @Delete('channels/:id')
  @HttpCode(204)
  @RequirePermission(Permission.Alerts)
  @ApiOperation({ summary: "Delete a channel; what it still owed is marked failed ('Channel deleted')" })
  removeChannel(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<void> {
    return this.channels.remove(actor, id);
  }

  @Post('channels/:id/test')
  @HttpCode(200)
  @RequirePermission(Permission.Alerts)
  @ApiOperation({
    summary:
      'Send a test message through the channel (by the worker; rate-limited per user) and say what its API answered',
  })
  testChannel(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
  ): Promise<AlertTestResult> {
    return this.channels.test(actor, id);
  }

  @Get('history')
  @RequirePermission(Permission.Alerts)
  @ApiOperation({
    summary: 'Alerts newest first with their deliveries, limited to the OLTs the user may see',
  })
  history(@CurrentUser() actor: TenantActor, @Query() query: AlertHistoryQueryDto): Promise<AlertHistory> {
    return this.alerts.history(actor, query);
  }

  @Get('silences')
  @RequirePermission(Permission.Alerts)
  @ApiOperation({ summary: 'Running and scheduled silences, with their targets' })
  listSilences(@CurrentUser() actor: TenantActor): Promise<AlertSilence[]> {
    return this.silences.list(actor);
  }

  @Post('silences')
  @RequirePermission(Permission.Alerts)
  @ApiOperation({
    summary: 'Silence an OLT, switch or POP: for a number of minutes from now, or a scheduled window',
  })
  createSilence(
    @CurrentUser() actor: TenantActor,
    @Body() body: CreateAlertSilenceDto,
  ): Promise<AlertSilence> {
    return this.silences.create(actor, body);
  }

  @Delete('silences/:id')
  @HttpCode(204)
  @RequirePermission(Permission.Alerts)
  @ApiOperation({ summary: 'End a running silence now, or drop a scheduled one' })
  removeSilence(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<void> {
    return this.silences.remove(actor, id);
  }

  @Post(':id/ack')
  @HttpCode(200)
  @RequirePermission(Permission.Alerts)
  @ApiOperation({ summary: 'Acknowledge an alert (a second acknowledgement keeps the first)' })
  acknowledge(@CurrentUser() actor: TenantActor, @Param('id', AlertIdPipe) id: string): Promise<AlertRow> {
    return this.alerts.acknowledge(actor, id);
  }
}
