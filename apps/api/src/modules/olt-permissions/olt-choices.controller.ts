import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Permission, type OltChoiceRow } from '@pondesk/contracts';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { OltPermissionsService } from './olt-permissions.service';

@ApiTags('administration')
@Controller('olt-permissions')
export class OltChoicesController {
  constructor(private readonly permissions: OltPermissionsService) {}

  @Get('olts')
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: "Every OLT of the account that can be granted to a user ('Permission List')" })
  @ApiOkResponse({ description: 'OltChoiceRow[]' })
  list(@CurrentUser() actor: TenantActor): Promise<OltChoiceRow[]> {
    return this.permissions.choices(actor);
  }
}
