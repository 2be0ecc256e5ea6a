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
  Put,
  UseInterceptors,
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
import { Permission, type RoleRow } from '@pondesk/contracts';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { CreateRoleDto, UpdateRoleActiveDto, UpdateRoleDto } from './dto/role.dto';
import { RolesService } from './roles.service';
import { RefreshSocketRoomsInterceptor } from '../realtime/refresh-socket-rooms.interceptor';

@ApiTags('administration')
@Controller('roles')
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  @Get()
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: "The account's roles with their menus and user counts" })
  @ApiOkResponse({ description: 'RoleRow[]' })
  list(@CurrentUser() actor: TenantActor): Promise<RoleRow[]> {
    return this.roles.list(actor);
  }

  @Post()
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: 'Create a role from menu codes' })
  @ApiCreatedResponse({ description: 'RoleRow' })
  @ApiConflictResponse({ description: 'Name or code already used' })
  create(@CurrentUser() actor: TenantActor, @Body() body: CreateRoleDto): Promise<RoleRow> {
    return this.roles.create(actor, body);
  }

  @Get(':id')
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: 'One role' })
  @ApiNotFoundResponse()
  get(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<RoleRow> {
    return this.roles.get(actor, id);
  }

  @Patch(':id')
  @UseInterceptors(RefreshSocketRoomsInterceptor)
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: 'Edit a role (name, code, active, menus)' })
  update(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateRoleDto,
  ): Promise<RoleRow> {
    return this.roles.update(actor, id, body);
  }

  @Put(':id/active')
  @UseInterceptors(RefreshSocketRoomsInterceptor)
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: 'Switch a role on or off (off: its users lose every code)' })
  active(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateRoleActiveDto,
  ): Promise<RoleRow> {
    return this.roles.update(actor, id, { active: body.active });
  }

  @Delete(':id')
  @UseInterceptors(RefreshSocketRoomsInterceptor)
  @RequirePermission(Permission.Admin)
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete a role no user holds' })
  @ApiNoContentResponse()
  @ApiConflictResponse({ description: 'Users still hold the role' })
  async remove(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<void> {
    await this.roles.remove(actor, id);
  }
}
