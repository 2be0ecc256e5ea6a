import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Permission, type AuditFacets, type AuditRow, type Paged } from '@pondesk/contracts';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { AuditService } from './audit.service';
import { AuditQueryDto } from './dto/audit-query.dto';

@ApiTags('administration')
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: "The tenant's audit log, newest first" })
  @ApiOkResponse({ description: 'Paged<AuditRow>, filtered by user, action, kind, time and search' })
  list(@CurrentUser() actor: TenantActor, @Query() query: AuditQueryDto): Promise<Paged<AuditRow>> {
    return this.audit.list(actor.tenantId, query);
  }

  @Get('facets')
  @RequirePermission(Permission.Admin)
  @ApiOperation({
    summary: "Who appears in the tenant's audit log and which actions it holds (filter pickers)",
  })
  @ApiOkResponse({ description: 'AuditFacets' })
  facets(@CurrentUser() actor: TenantActor): Promise<AuditFacets> {
    return this.audit.facets(actor.tenantId);
  }
}
