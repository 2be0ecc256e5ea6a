import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Permission,
  type SwitchCatalogue,
  type SwitchCheckResponse,
  type SwitchList,
  type SwitchOption,
  type SwitchRow,
} from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { CreateSwitchDto } from './dto/create-switch.dto';
import { SwitchCheckDto } from './dto/switch-check.dto';
import { SwitchListQueryDto } from './dto/switch-list-query.dto';
import { UpdateSwitchDto } from './dto/update-switch.dto';
import { SwitchChecksService } from './switch-checks.service';
import { SwitchesService } from './switches.service';

@ApiTags('switches')
@Controller('switches')
export class SwitchesController {
  constructor(
    private readonly switches: SwitchesService,
    private readonly checks: SwitchChecksService,
  ) {}

  @Get()
  @RequirePermission(Permission.SwitchList)
  @ApiOperation({ summary: "The tenant's switches, paged, with online/offline/expired counts" })
  list(@CurrentUser() actor: TenantActor, @Query() query: SwitchListQueryDto): Promise<SwitchList> {
    return this.switches.list(actor, query);
  }

  @Get('catalogue')
  @RequirePermission(Permission.SwitchList)
  @ApiOperation({ summary: "The form's choices: brands, the OLTs the user may see, billing packages" })
  catalogue(@CurrentUser() actor: TenantActor): Promise<SwitchCatalogue> {
    return this.switches.catalogue(actor);
  }

  @Get('options')
  @RequirePermission(Permission.SwitchList, Permission.DashboardSwitchList)
  @ApiOperation({ summary: 'Each switch with its ports (natural order), for filters and the graph selector' })
  options(@CurrentUser() actor: TenantActor): Promise<SwitchOption[]> {
    return this.switches.options(actor);
  }

  @Post('check')
  @HttpCode(200)
  @RequirePermission(Permission.SwitchList)
  @ApiOperation({
    summary:
      'Live SNMP check of an address by the worker (device addresses only; rate-limited per user); with `detect`, the brand found',
  })
  check(@CurrentUser() actor: TenantActor, @Body() body: SwitchCheckDto): Promise<SwitchCheckResponse> {
    return this.checks.check(actor, body);
  }

  @Post()
  @RequirePermission(Permission.SwitchList)
  @ApiOperation({
    summary: 'Add a switch; it is polled at once and then every Data Collection Ratio minutes',
  })
  create(@CurrentUser() actor: TenantActor, @Body() body: CreateSwitchDto): Promise<SwitchRow> {
    return this.switches.create(actor, body);
  }

  @Get(':id')
  @RequirePermission(Permission.SwitchList)
  @ApiOperation({ summary: 'One switch (the community is never returned)' })
  get(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<SwitchRow> {
    return this.switches.get(actor, id);
  }

  @Patch(':id')
  @RequirePermission(Permission.SwitchList)
  @ApiOperation({ summary: 'Update a switch; an empty community keeps the stored one' })
  update(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateSwitchDto,
  ): Promise<SwitchRow> {
    return this.switches.update(actor, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission(Permission.SwitchList)
  @ApiOperation({ summary: 'Soft delete: hidden and no longer polled (audited)' })
  remove(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<void> {
    return this.switches.remove(actor, id);
  }

  @Post(':id/poll')
  @HttpCode(202)
  @RequirePermission(Permission.SwitchList)
  @ApiOperation({ summary: 'Poll this switch now' })
  async pollNow(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
  ): Promise<{ queued: true }> {
    await this.switches.pollNow(actor, id);
    return { queued: true };
  }
}
