import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Permission, type PppoeLookup, type PppoeSuggestions } from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { PppoeIdPipe } from './dto/pppoe-id.pipe';
import { PppoeSuggestQueryDto } from './dto/onu-data.dto';
import { OnuDetailsService } from './onu-details.service';

@ApiTags('onus')
@Controller('pppoe')
export class PppoeController {
  constructor(private readonly details: OnuDetailsService) {}

  @Get()
  @RequirePermission(Permission.OltDataPort, Permission.OltPort, Permission.Dashboard)
  @ApiOperation({ summary: 'PPPoE ids containing the text (case-insensitive), prefix matches first' })
  suggest(
    @CurrentUser() actor: TenantActor,
    @Query() query: PppoeSuggestQueryDto,
  ): Promise<PppoeSuggestions> {
    return this.details.suggest(actor, query.q, query.limit);
  }

  @Get(':pppoeId')
  @RequirePermission(Permission.OltDataPort, Permission.OltPort, Permission.Dashboard)
  @ApiOperation({ summary: 'The ONUs carrying a PPPoE id (more than one: a duplicate id)' })
  lookup(
    @CurrentUser() actor: TenantActor,
    @Param('pppoeId', PppoeIdPipe) pppoeId: string,
  ): Promise<PppoeLookup> {
    return this.details.lookup(actor, pppoeId);
  }
}
