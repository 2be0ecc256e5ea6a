import { Body, Controller, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Paged, TenantRow } from '@pondesk/contracts';
import { PlatformAdmin } from '../../common/auth/auth.decorators';
import { CurrentActor, type Actor, type PlatformActor } from '../../common/auth/actor';
import { PageQueryDto } from '../../common/http/page-query.dto';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { CreateTenantDto, UpdateTenantDto, UpdateTenantStatusDto } from './dto/tenant.dto';
import { TenantsService } from './tenants.service';

const platform = (actor: Actor): PlatformActor => actor as PlatformActor; // the guard admitted only platform tokens

@ApiTags('platform')
@Controller('tenants')
export class TenantsController {
  constructor(private readonly tenants: TenantsService) {}

  @Get()
  @PlatformAdmin()
  @ApiOperation({ summary: 'ISP accounts' })
  @ApiOkResponse({ description: 'Paged<TenantRow>' })
  list(@Query() query: PageQueryDto): Promise<Paged<TenantRow>> {
    return this.tenants.list(query);
  }

  @Post()
  @PlatformAdmin()
  @ApiOperation({ summary: 'Create an ISP account with its admin user' })
  @ApiCreatedResponse({ description: 'TenantRow' })
  create(@CurrentActor() actor: Actor, @Body() body: CreateTenantDto): Promise<TenantRow> {
    return this.tenants.create(platform(actor), body);
  }

  @Get(':id')
  @PlatformAdmin()
  @ApiOperation({ summary: 'One ISP account' })
  @ApiNotFoundResponse()
  get(@Param('id', UuidParamPipe) id: string): Promise<TenantRow> {
    return this.tenants.get(id);
  }

  @Patch(':id')
  @PlatformAdmin()
  @ApiOperation({ summary: 'Edit an ISP account' })
  update(
    @CurrentActor() actor: Actor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateTenantDto,
  ): Promise<TenantRow> {
    return this.tenants.update(platform(actor), id, body);
  }

  @Put(':id/status')
  @PlatformAdmin()
  @ApiOperation({
    summary: 'Hold or activate an ISP account (held: its users cannot sign in, tokens stop working)',
  })
  status(
    @CurrentActor() actor: Actor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateTenantStatusDto,
  ): Promise<TenantRow> {
    return this.tenants.update(platform(actor), id, body);
  }
}
