import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import {
  DEFAULT_LATENCY_LIMIT_MS,
  LATENCY_LIMIT_MAX_MS,
  Permission,
  SERVER_LOGO_MAX_BYTES,
  SERVER_NAME_MAX,
  type LatencyHistory,
  type MonitorServer,
} from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { Public, RequirePermission } from '../../common/auth/auth.decorators';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { SearchQueryDto } from './dto/monitor-fields';
import { CreateServerDto, HistoryQueryDto, UpdateServerDto } from './dto/server.dto';
import { LogoStorageService } from './logo-storage.service';
import { MONITOR_LIST_CAP } from './monitor-shared';
import { LOGO_FIELD, ServerFormInterceptor } from './server-form.interceptor';
import { ServersService, type UploadedLogo } from './servers.service';

const LOGO_RULE = `PNG, JPEG, GIF or WebP (checked by content), at most ${SERVER_LOGO_MAX_BYTES / 1024} KB`;

const serverForm = (required: string[], extra: Record<string, object> = {}) => ({
  schema: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: SERVER_NAME_MAX },
      ip: { type: 'string', maxLength: 15, example: '10.20.0.1', description: 'IPv4 address' },
      latencyLimitMs: {
        type: 'integer',
        minimum: 1,
        maximum: LATENCY_LIMIT_MAX_MS,
        default: DEFAULT_LATENCY_LIMIT_MS,
      },
      [LOGO_FIELD]: { type: 'string', format: 'binary', description: LOGO_RULE },
      ...extra,
    },
    required,
  },
});

/** The IP monitor (/ping, code 2012): its servers, their latest results and history, and their logos. */
@ApiTags('monitor')
@Controller('monitor')
export class ServersController {
  constructor(
    private readonly servers: ServersService,
    private readonly logos: LogoStorageService,
  ) {}

  @Get('servers')
  @RequirePermission(Permission.Ping)
  @ApiOperation({
    summary: 'Every server of the account with its state, last points and loss over the last minute',
  })
  @ApiOkResponse({ description: `MonitorServer[], by name (at most ${MONITOR_LIST_CAP})` })
  list(@CurrentUser() actor: TenantActor, @Query() query: SearchQueryDto): Promise<MonitorServer[]> {
    return this.servers.list(actor, query.search);
  }

  @Post('servers')
  @RequirePermission(Permission.Ping)
  @UseInterceptors(ServerFormInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody(serverForm(['name', 'ip']))
  @ApiOperation({ summary: 'Add a server to ping every second' })
  @ApiCreatedResponse({ description: 'MonitorServer' })
  @ApiBadRequestResponse({ description: 'A field is invalid, or the logo is not an image or too large' })
  @ApiConflictResponse({ description: 'The account already monitors this IP address' })
  create(
    @CurrentUser() actor: TenantActor,
    @Body() body: CreateServerDto,
    @UploadedFile() logo: UploadedLogo | undefined,
  ): Promise<MonitorServer> {
    return this.servers.create(actor, body, logo);
  }

  @Patch('servers/:id')
  @RequirePermission(Permission.Ping)
  @UseInterceptors(ServerFormInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody(
    serverForm([], {
      removeLogo: { type: 'boolean', description: 'true drops the logo (not with a new logo)' },
    }),
  )
  @ApiOperation({ summary: 'Edit a server (only the fields sent change)' })
  @ApiOkResponse({ description: 'MonitorServer' })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'The account already monitors this IP address' })
  update(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateServerDto,
    @UploadedFile() logo: UploadedLogo | undefined,
  ): Promise<MonitorServer> {
    return this.servers.update(actor, id, body, logo);
  }

  @Delete('servers/:id')
  @RequirePermission(Permission.Ping)
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete a server with its history and logo' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  async remove(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<void> {
    await this.servers.remove(actor, id);
  }

  @Get('servers/:id/history')
  @RequirePermission(Permission.Ping)
  @ApiOperation({ summary: "A server's latency and loss per minute over the last hours (1–24)" })
  @ApiOkResponse({ description: 'LatencyHistory, oldest minute first' })
  @ApiNotFoundResponse()
  history(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Query() query: HistoryQueryDto,
  ): Promise<LatencyHistory> {
    return this.servers.history(actor, id, query.hours);
  }

  @Get('logos/:file')
  @Public()
  @ApiOperation({
    summary: "A server's logo by its file name (public: <img> sends no token; names are 128 random bits)",
  })
  logo(@Param('file') file: string, @Res() res: Response): void {
    this.logos.send(res, file, 'Logo');
  }
}
