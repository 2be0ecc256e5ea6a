import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { OnuFilters, OnuList, SharedView } from '@pondesk/contracts';
import { Public } from '../../common/auth/auth.decorators';
import { OnuQueryDto } from '../onus/dto/onu-query.dto';
import { OnusService } from '../onus/onus.service';
import type { ShareViewer } from '../../common/share-access/share-access.service';
import { CurrentShareViewer, ShareViewerGuard } from './share-viewer.guard';
import { SharedViewService } from './shared-view.service';

/**
 * The shared OLT page, read with a share link's token instead of a sign-in: public routes (no bearer
 * token), each admitted by `ShareViewerGuard` for the link's OLTs only. Read-only.
 */
@ApiTags('shared')
@ApiHeader({ name: 'X-Share-Token', required: true, description: 'The share link token' })
@ApiUnauthorizedResponse({ description: 'SHARE_INVALID: the link is unknown, revoked or expired' })
@UseGuards(ShareViewerGuard)
@Controller('shared')
export class SharedController {
  constructor(
    private readonly onus: OnusService,
    private readonly views: SharedViewService,
  ) {}

  @Get('view')
  @Public()
  @ApiOperation({ summary: "Dashboard List of the link's OLTs (counts a use of the link)" })
  view(@CurrentShareViewer() viewer: ShareViewer): Promise<SharedView> {
    return this.views.view(viewer);
  }

  @Get('onus')
  @Public()
  @ApiOperation({ summary: "The ONU list of GET /onus, limited to the link's OLTs" })
  list(@CurrentShareViewer() viewer: ShareViewer, @Query() query: OnuQueryDto): Promise<OnuList> {
    return this.onus.list(viewer, query);
  }

  @Get('onus/filters')
  @Public()
  @ApiOperation({ summary: "The link's OLTs and their PON ports holding ONUs, to filter the list by" })
  filters(@CurrentShareViewer() viewer: ShareViewer): Promise<OnuFilters> {
    return this.onus.filters(viewer);
  }
}
