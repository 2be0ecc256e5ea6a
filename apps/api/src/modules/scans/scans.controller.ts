import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Permission,
  type InactiveScanResults,
  type MacFindStarted,
  type ScanOlts,
  type ScanStarted,
} from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import {
  InactiveResultsQueryDto,
  RetryScanOltDto,
  StartInactiveScanDto,
  StartMacFindDto,
} from './dto/scan.dto';
import { ScansService } from './scans.service';

/** MAC find lives in the top bar's search, open to whoever may read ONUs. */
const MAC_FIND = [Permission.OltDataPort, Permission.OltPort, Permission.Dashboard] as const;
const ANY_SCAN = [...MAC_FIND, Permission.OnuDownScanner] as const;

@ApiTags('scans')
@Controller('scans')
export class ScansController {
  constructor(private readonly scans: ScansService) {}

  @Get('olts')
  @RequirePermission(...ANY_SCAN)
  @ApiOperation({ summary: 'The OLTs the user may scan, by brand, mode and name' })
  async olts(@CurrentUser() actor: TenantActor): Promise<ScanOlts> {
    return { olts: await this.scans.olts(actor) };
  }

  @Post('mac-find')
  @RequirePermission(...MAC_FIND)
  @ApiOperation({
    summary:
      'Find a MAC on every OLT the user may see: stored owners at once, each OLT’s live answer on the socket (scan.olt.finished)',
  })
  macFind(@CurrentUser() actor: TenantActor, @Body() body: StartMacFindDto): Promise<MacFindStarted> {
    return this.scans.startMacFind(actor, body.mac, body.oltIds);
  }

  @Post('inactive')
  @RequirePermission(Permission.OnuDownScanner)
  @ApiOperation({
    summary:
      'List the inactive ONUs of the given OLTs (all the user may see when none are given), OLT by OLT',
  })
  inactive(@CurrentUser() actor: TenantActor, @Body() body: StartInactiveScanDto): Promise<ScanStarted> {
    return this.scans.startInactive(actor, body.oltIds);
  }

  @Get('inactive/results')
  @RequirePermission(Permission.OnuDownScanner)
  @ApiOperation({ summary: 'The last inactive-ONU scan of each OLT the user may see' })
  inactiveResults(
    @CurrentUser() actor: TenantActor,
    @Query() query: InactiveResultsQueryDto,
  ): Promise<InactiveScanResults> {
    return this.scans.inactiveResults(actor, query.oltIds);
  }

  @Post(':id/retry')
  @HttpCode(202)
  @RequirePermission(...ANY_SCAN)
  @ApiOperation({ summary: 'Run one OLT’s part of the user’s own scan again' })
  async retry(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) scanId: string,
    @Body() body: RetryScanOltDto,
  ): Promise<{ ok: true }> {
    await this.scans.retry(actor, scanId, body.oltId);
    return { ok: true };
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission(...ANY_SCAN)
  @ApiOperation({ summary: 'Stop the user’s own scan: OLTs not yet begun answer CANCELLED' })
  cancel(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) scanId: string): Promise<void> {
    return this.scans.cancel(actor, scanId);
  }
}
