import { Body, Controller, Get, Param, Put, UseInterceptors } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { IDENTITY_MESSAGES, Permission, type OltPermissionRow } from '@pondesk/contracts';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { UpdateOltPermissionsDto } from './dto/olt-permission.dto';
import { OltPermissionsService } from './olt-permissions.service';
import { RefreshSocketRoomsInterceptor } from '../realtime/refresh-socket-rooms.interceptor';

@ApiTags('administration')
@Controller('users/:id/olt-permissions')
export class OltPermissionsController {
  constructor(private readonly permissions: OltPermissionsService) {}

  @Get()
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: 'OLTs the user may see' })
  @ApiOkResponse({ description: 'OltPermissionRow[]' })
  @ApiNotFoundResponse()
  list(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
  ): Promise<OltPermissionRow[]> {
    return this.permissions.list(actor, id);
  }

  @Put()
  @UseInterceptors(RefreshSocketRoomsInterceptor)
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: "Add OLTs to or remove them from the user's permitted list" })
  @ApiOkResponse({
    description: `OltPermissionRow[] (the web app shows '${IDENTITY_MESSAGES.permissionUpdated}')`,
  })
  async update(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateOltPermissionsDto,
  ): Promise<OltPermissionRow[]> {
    return this.permissions.update(actor, id, body);
  }
}
