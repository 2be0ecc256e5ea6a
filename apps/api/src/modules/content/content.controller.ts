import { Controller, Get, HttpCode, HttpStatus, Param, Post, Res } from '@nestjs/common';
import {
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import type { PublicContent, TenantContent } from '@pondesk/contracts';
import { Authenticated, Public } from '../../common/auth/auth.decorators';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { ContentService } from './content.service';

/** The platform's content as tenants' consoles and the guest pages read it. */
@ApiTags('content')
@Controller('content')
export class ContentController {
  constructor(private readonly content: ContentService) {}

  /** The platform administrator may read it too (a preview of what ISPs see); nothing in it is per tenant. */
  @Get('tenant')
  @Authenticated()
  @ApiOperation({ summary: 'Support contact and other services (Shortcuts → Support)' })
  @ApiOkResponse({ description: 'TenantContent' })
  tenant(): Promise<TenantContent> {
    return this.content.tenantContent();
  }

  @Get('public')
  @Public()
  @ApiOperation({ summary: 'Terms and company links for the sign-in and sign-up pages (no sign-in)' })
  @ApiOkResponse({ description: 'PublicContent' })
  public(): Promise<PublicContent> {
    return this.content.publicContent();
  }

  @Get('events/active')
  @Authenticated()
  @ApiOperation({
    summary: 'The update popup to show: the earliest-starting event active now that this user has not closed',
  })
  @ApiOkResponse({ description: 'UpdateEvent, or null (JSON) when there is none' })
  async activeEvent(@CurrentUser() user: TenantActor, @Res() res: Response): Promise<void> {
    // `null` itself as the JSON body: a bare null return would be sent as an empty body.
    res.status(HttpStatus.OK).json(await this.content.activeEvent(user.userId));
  }

  @Post('events/:id/seen')
  @Authenticated()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'This user closed the popup (again: no change)' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  seen(@CurrentUser() user: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<void> {
    return this.content.markSeen(user.userId, id);
  }
}
