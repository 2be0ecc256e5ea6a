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
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Permission, type ServiceRow } from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { SearchQueryDto } from './dto/monitor-fields';
import { CreateServiceDto, UpdateServiceDto } from './dto/service.dto';
import { IspServicesService } from './isp-services.service';
import { MONITOR_LIST_CAP } from './monitor-shared';

/** The ISP's services (the Service List, code 2016). */
@ApiTags('services')
@Controller('services')
export class ServicesController {
  constructor(private readonly services: IspServicesService) {}

  @Get()
  @RequirePermission(Permission.Service)
  @ApiOperation({ summary: 'Every service of the account; search matches name or status' })
  @ApiOkResponse({ description: `ServiceRow[], by name (at most ${MONITOR_LIST_CAP})` })
  list(@CurrentUser() actor: TenantActor, @Query() query: SearchQueryDto): Promise<ServiceRow[]> {
    return this.services.list(actor, query.search);
  }

  @Post()
  @RequirePermission(Permission.Service)
  @ApiOperation({ summary: 'Add a service' })
  @ApiCreatedResponse({ description: 'ServiceRow' })
  @ApiConflictResponse({ description: 'A service of that name (in any case) exists' })
  create(@CurrentUser() actor: TenantActor, @Body() body: CreateServiceDto): Promise<ServiceRow> {
    return this.services.create(actor, body);
  }

  @Patch(':id')
  @RequirePermission(Permission.Service)
  @ApiOperation({ summary: 'Edit a service (only the fields sent change)' })
  @ApiOkResponse({ description: 'ServiceRow' })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'A service of that name (in any case) exists' })
  update(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateServiceDto,
  ): Promise<ServiceRow> {
    return this.services.update(actor, id, body);
  }

  @Delete(':id')
  @RequirePermission(Permission.Service)
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete a service' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  async remove(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<void> {
    await this.services.remove(actor, id);
  }
}
