import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  OLT_BRANDS,
  OLT_BRAND_LABELS,
  Permission,
  type OltCatalogue,
  type OltDetail,
  type OltList,
  type PortCheckResponse,
  type ProbeResponse,
} from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { CreateOltDto } from './dto/create-olt.dto';
import { PortCheckDto, ProbeDto } from './dto/device-check.dto';
import { OltListQueryDto } from './dto/olt-list-query.dto';
import { UpdateOltDto } from './dto/update-olt.dto';
import { DeviceChecksService } from './device-checks.service';
import { OltsService } from './olts.service';

@ApiTags('olts')
@Controller('olts')
export class OltsController {
  constructor(
    private readonly olts: OltsService,
    private readonly checks: DeviceChecksService,
  ) {}

  @Get()
  @RequirePermission(Permission.OltList)
  @ApiOperation({ summary: 'OLTs the user may see, paged, with online/offline counts' })
  list(@CurrentUser() actor: TenantActor, @Query() query: OltListQueryDto): Promise<OltList> {
    return this.olts.list(actor, query);
  }

  @Get('catalogue')
  @RequirePermission(Permission.OltList)
  @ApiOperation({ summary: 'Supported brands and modes' })
  catalogue(): OltCatalogue {
    return {
      brands: OLT_BRANDS.map((code) => ({ code, label: OLT_BRAND_LABELS[code] })),
      modes: [
        { code: 'epon', label: 'EPON' },
        { code: 'gpon', label: 'GPON' },
      ],
    };
  }

  @Get('branches')
  @RequirePermission(Permission.OltList)
  @ApiOperation({ summary: 'Branch choices for the OLT screens (names only)' })
  branches(@CurrentUser() actor: TenantActor): Promise<{ id: string; name: string }[]> {
    return this.olts.branchChoices(actor);
  }

  @Post('port-check')
  @HttpCode(200)
  @RequirePermission(Permission.OltList)
  @ApiOperation({
    summary: 'TCP check of host:port, run by the worker (device addresses only; rate-limited per user)',
  })
  portCheck(@CurrentUser() actor: TenantActor, @Body() body: PortCheckDto): Promise<PortCheckResponse> {
    return this.checks.portCheck(actor, body);
  }

  @Post('probe')
  @HttpCode(200)
  @RequirePermission(Permission.OltList)
  @ApiOperation({
    summary:
      'Test Get Port: SNMP identify of an OLT (brand, model, PON ports, ONU count); device addresses only, rate-limited per user and audited',
  })
  probe(@CurrentUser() actor: TenantActor, @Body() body: ProbeDto): Promise<ProbeResponse> {
    return this.checks.probe(actor, body);
  }

  @Post()
  @RequirePermission(Permission.OltList)
  @ApiOperation({ summary: 'Add an OLT; it is polled at once and then on its interval' })
  create(@CurrentUser() actor: TenantActor, @Body() body: CreateOltDto): Promise<OltDetail> {
    return this.olts.create(actor, body);
  }

  @Get(':id')
  @RequirePermission(Permission.OltList)
  @ApiOperation({ summary: 'One OLT (credentials are never returned)' })
  get(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<OltDetail> {
    return this.olts.get(actor, id);
  }

  @Patch(':id')
  @RequirePermission(Permission.OltList)
  @ApiOperation({ summary: 'Update an OLT; secrets left out keep their stored value' })
  update(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateOltDto,
  ): Promise<OltDetail> {
    return this.olts.update(actor, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission(Permission.OltList)
  @ApiOperation({ summary: 'Soft delete: hidden and no longer polled (audited)' })
  remove(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<void> {
    return this.olts.remove(actor, id);
  }

  @Post(':id/poll')
  @HttpCode(202)
  @RequirePermission(Permission.OltList)
  @ApiOperation({ summary: 'Poll this OLT now' })
  async pollNow(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
  ): Promise<{ queued: true }> {
    await this.olts.pollNow(actor, id);
    return { queued: true };
  }
}
