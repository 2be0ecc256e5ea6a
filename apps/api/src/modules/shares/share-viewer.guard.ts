import { createParamDecorator, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { SHARE_TOKEN_HEADER } from '@pondesk/contracts';
import { ShareAccessService, type ShareViewer } from '../../common/share-access/share-access.service';
import { shareInvalid } from '../../common/share-access/shares.exception';

type RequestWithViewer = Request & { shareViewer?: ShareViewer };

/**
 * The public share routes' guard: the X-Share-Token header must name a working link. Only these routes
 * read the header; the global guard never does, so a share token opens nothing else.
 */
@Injectable()
export class ShareViewerGuard implements CanActivate {
  constructor(private readonly access: ShareAccessService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<RequestWithViewer>();
    const header = req.headers[SHARE_TOKEN_HEADER];
    const token = typeof header === 'string' ? header.trim() : undefined;
    req.shareViewer = await this.access.resolve(token, req.ip ?? 'unknown');
    return true;
  }
}

/** The share link's viewer, as `ShareViewerGuard` resolved it. */
export const CurrentShareViewer = createParamDecorator((_: unknown, ctx: ExecutionContext): ShareViewer => {
  const viewer = ctx.switchToHttp().getRequest<RequestWithViewer>().shareViewer;
  if (!viewer) throw shareInvalid();
  return viewer;
});
