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
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  Permission,
  type PopMonitor,
  type PopOption,
  type PopOutageList,
  type PopRow,
  type PopSourceRow,
} from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { SearchQueryDto } from './dto/monitor-fields';
import { PopOutageQueryDto } from './dto/pop-outage-query.dto';
import { CreatePopDto, CreatePopSourceDto, UpdatePopDto, UpdatePopSourceDto } from './dto/pop.dto';
import { MONITOR_LIST_CAP } from './monitor-shared';
import { PopOutagesService } from './pop-outages.service';
import { PopSourcesService } from './pop-sources.service';
import { PopsService } from './pops.service';

/** POPs (the Area List, code 2013). */
@ApiTags('pops')
@Controller('pops')
export class PopsController {
  constructor(private readonly pops: PopsService) {}

  @Get()
  @RequirePermission(Permission.PopArea)
  @ApiOperation({ summary: 'Every POP of the account; search matches name, area name or branch' })
  @ApiOkResponse({ description: `PopRow[], by name (at most ${MONITOR_LIST_CAP})` })
  list(@CurrentUser() actor: TenantActor, @Query() query: SearchQueryDto): Promise<PopRow[]> {
    return this.pops.list(actor, query.search);
  }

  @Get('options')
  @RequirePermission(Permission.PopLog, Permission.PopArea, Permission.PopMonitor, Permission.PopList)
  @ApiOperation({ summary: "The account's POPs for selects and filters" })
  @ApiOkResponse({ description: `PopOption[], by name (at most ${MONITOR_LIST_CAP})` })
  options(@CurrentUser() actor: TenantActor): Promise<PopOption[]> {
    return this.pops.options(actor);
  }

  @Post()
  @RequirePermission(Permission.PopArea)
  @ApiOperation({ summary: 'Add a POP' })
  @ApiCreatedResponse({ description: 'PopRow' })
  @ApiBadRequestResponse({ description: "A field is invalid, or branchId names no branch of the account's" })
  @ApiConflictResponse({ description: 'A POP of that name (in any case) exists' })
  create(@CurrentUser() actor: TenantActor, @Body() body: CreatePopDto): Promise<PopRow> {
    return this.pops.create(actor, body);
  }

  @Patch(':id')
  @RequirePermission(Permission.PopArea)
  @ApiOperation({ summary: 'Edit a POP (only the fields sent change; null clears area name or branch)' })
  @ApiOkResponse({ description: 'PopRow' })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'A POP of that name (in any case) exists' })
  update(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdatePopDto,
  ): Promise<PopRow> {
    return this.pops.update(actor, id, body);
  }

  @Delete(':id')
  @RequirePermission(Permission.PopArea)
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete a POP with its power sources and their outage log' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  async remove(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<void> {
    await this.pops.remove(actor, id);
  }
}

/** The POPs' power sources (the Pop List, code 2015). */
@ApiTags('pops')
@Controller('pop-sources')
export class PopSourcesController {
  constructor(private readonly sources: PopSourcesService) {}

  @Get()
  @RequirePermission(Permission.PopList)
  @ApiOperation({ summary: 'Every power source; search matches IP, POP name, type or state' })
  @ApiOkResponse({ description: `PopSourceRow[], by POP then IP (at most ${MONITOR_LIST_CAP})` })
  list(@CurrentUser() actor: TenantActor, @Query() query: SearchQueryDto): Promise<PopSourceRow[]> {
    return this.sources.list(actor, query.search);
  }

  @Post()
  @RequirePermission(Permission.PopList)
  @ApiOperation({ summary: 'Watch a power source of a POP' })
  @ApiCreatedResponse({ description: 'PopSourceRow' })
  @ApiBadRequestResponse({ description: "A field is invalid, or popId names no POP of the account's" })
  @ApiConflictResponse({ description: 'The account already watches this IP address' })
  create(@CurrentUser() actor: TenantActor, @Body() body: CreatePopSourceDto): Promise<PopSourceRow> {
    return this.sources.create(actor, body);
  }

  @Patch(':id')
  @RequirePermission(Permission.PopList)
  @ApiOperation({ summary: 'Edit a power source (only the fields sent change)' })
  @ApiOkResponse({ description: 'PopSourceRow' })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'The account already watches this IP address' })
  update(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdatePopSourceDto,
  ): Promise<PopSourceRow> {
    return this.sources.update(actor, id, body);
  }

  @Delete(':id')
  @RequirePermission(Permission.PopList)
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Stop watching a power source (its outage log goes too)' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  async remove(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<void> {
    await this.sources.remove(actor, id);
  }
}

/** The POP dashboard (code 2014) and the Pop Log (code 2011). */
@ApiTags('pops')
@Controller()
export class PopStatusController {
  constructor(
    private readonly sources: PopSourcesService,
    private readonly outageLog: PopOutagesService,
  ) {}

  @Get('pop-monitor')
  @RequirePermission(Permission.PopMonitor)
  @ApiOperation({ summary: 'Counts by type and state, and a card per power source (down first)' })
  @ApiOkResponse({ description: `PopMonitor (at most ${MONITOR_LIST_CAP} cards)` })
  monitor(@CurrentUser() actor: TenantActor): Promise<PopMonitor> {
    return this.sources.monitor(actor);
  }

  @Get('pop-outages')
  @RequirePermission(Permission.PopLog)
  @ApiOperation({
    summary: 'Power outages, paged; from/to bound when they began; downMinutes runs to now while open',
  })
  @ApiOkResponse({ description: 'PopOutageList' })
  outages(@CurrentUser() actor: TenantActor, @Query() query: PopOutageQueryDto): Promise<PopOutageList> {
    return this.outageLog.list(actor, query);
  }
}
