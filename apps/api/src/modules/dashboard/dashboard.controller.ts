import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import {
  Permission,
  SIGNAL_BANDS,
  type DashboardSummary,
  type DegradingOnuList,
  type SignalBandKey,
  type SignalBandMembers,
} from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { PageQueryDto } from '../../common/http/page-query.dto';
import { IsUuid } from '../../common/validation/validation.decorators';
import { DashboardService } from './dashboard.service';

const BAND_KEYS = SIGNAL_BANDS.map((b) => b.key);

export class BandQueryDto extends PageQueryDto {
  @ApiProperty({ enum: BAND_KEYS })
  @IsIn(BAND_KEYS)
  band!: SignalBandKey;
}

export class DegradingQueryDto extends PageQueryDto {
  /** Only this OLT's ONUs. */
  @IsUuid({ optional: true }) oltId?: string;
}

@ApiTags('dashboard')
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @RequirePermission(Permission.Dashboard)
  @ApiOperation({ summary: 'Stat cards, signal bands, PON port usage and the per-OLT table' })
  summary(@CurrentUser() actor: TenantActor): Promise<DashboardSummary> {
    return this.dashboard.summary(actor);
  }

  @Get('band-members')
  @RequirePermission(Permission.Dashboard)
  @ApiOperation({ summary: 'ONUs in one signal band (weakest first)' })
  band(@CurrentUser() actor: TenantActor, @Query() query: BandQueryDto): Promise<SignalBandMembers> {
    return this.dashboard.band(actor, query.band, query);
  }

  @Get('degrading')
  @RequirePermission(Permission.Dashboard)
  @ApiOperation({
    summary: 'ONUs whose rx has been falling steadily (the daily trend), fastest decline first',
  })
  degrading(@CurrentUser() actor: TenantActor, @Query() query: DegradingQueryDto): Promise<DegradingOnuList> {
    return this.dashboard.degrading(actor, query);
  }
}
