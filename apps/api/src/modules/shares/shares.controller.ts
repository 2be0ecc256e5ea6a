import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Permission,
  type CreatedShareToken,
  type ShareOltOptions,
  type ShareTokenList,
} from '@pondesk/contracts';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { PageQueryDto } from '../../common/http/page-query.dto';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { CreateShareTokenDto } from './dto/create-share-token.dto';
import { UpdateOltShareTokenDto } from './dto/update-olt-share-token.dto';
import { SharesService } from './shares.service';

/** Managing share links (permission 2005): the whole token is answered only when made or set. */
@ApiTags('shares')
@Controller()
export class SharesController {
  constructor(private readonly shares: SharesService) {}

  @Get('share-tokens')
  @RequirePermission(Permission.Share)
  @ApiOperation({ summary: 'Share links, newest first (revoked and expired ones too), tokens masked' })
  list(@CurrentUser() actor: TenantActor, @Query() query: PageQueryDto): Promise<ShareTokenList> {
    return this.shares.list(actor, query);
  }

  @Get('share-tokens/olts')
  @RequirePermission(Permission.Share)
  @ApiOperation({ summary: 'The OLTs a share link of this user may name (those they see), by name' })
  olts(@CurrentUser() actor: TenantActor): Promise<ShareOltOptions> {
    return this.shares.olts(actor);
  }

  @Post('share-tokens')
  @RequirePermission(Permission.Share)
  @ApiOperation({ summary: 'Make a share link (all OLTs or chosen ones); the token is shown this once' })
  @ApiConflictResponse({ description: "SHARE_EXISTS ('Already Created'): an active link has this scope" })
  create(@CurrentUser() actor: TenantActor, @Body() body: CreateShareTokenDto): Promise<CreatedShareToken> {
    return this.shares.create(actor, body);
  }

  @Delete('share-tokens/:id')
  @HttpCode(204)
  @RequirePermission(Permission.Share)
  @ApiOperation({ summary: 'Revoke a share link: it fails at once and its open sockets close' })
  async revoke(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<void> {
    await this.shares.revoke(actor, id);
  }

  @Put('olts/:id/share-token')
  @HttpCode(200)
  @RequirePermission(Permission.Share)
  @ApiOperation({
    summary:
      "Update Token: set (given text) or rotate the OLT's own share link, making it when there is none",
  })
  updateOltToken(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateOltShareTokenDto,
  ): Promise<CreatedShareToken> {
    return this.shares.updateOltToken(actor, id, body);
  }
}
