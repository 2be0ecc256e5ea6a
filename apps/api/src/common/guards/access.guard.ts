import {
  ForbiddenException,
  HttpStatus,
  Injectable,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IS_PUBLIC_KEY, PLATFORM_ADMIN_KEY, REQUIRED_PERMISSION_KEY } from '../auth/auth.decorators';
import { AccessErrorCode, AccessTokenService, unauthorized } from '../auth/access-token.service';
import type { RequestWithActor } from '../auth/actor';

function forbidden(code: AccessErrorCode, message: string): ForbiddenException {
  return new ForbiddenException({ statusCode: HttpStatus.FORBIDDEN, message, code });
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(header?.trim() ?? '');
  return match ? match[1] : null;
}

/**
 * The one global guard. Every HTTP route must declare `Public()`, `Authenticated()`,
 * `RequirePermission(code)` or `PlatformAdmin()`; a route declaring none is refused (deny by default).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AccessTokenService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Sockets authenticate in the gateway's handshake; this guard is for HTTP.
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC_KEY, targets) === true) return true;
    const platformOnly = this.reflector.getAllAndOverride<boolean | undefined>(PLATFORM_ADMIN_KEY, targets);
    // `null` = Authenticated(), a number (or any-of list) = RequirePermission(…), undefined = nothing declared.
    const permission = this.reflector.getAllAndOverride<number | number[] | null | undefined>(
      REQUIRED_PERMISSION_KEY,
      targets,
    );
    if (platformOnly !== true && permission === undefined)
      throw forbidden(AccessErrorCode.ROUTE_NOT_DECLARED, 'This route declares no access rule');

    const req = context.switchToHttp().getRequest<RequestWithActor>();
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthorized(AccessErrorCode.TOKEN_MISSING, 'Please sign in');
    const actor = await this.tokens.resolve(token, req.ip ?? null);
    req.actor = actor;

    if (platformOnly === true) {
      if (actor.kind !== 'platform')
        throw forbidden(AccessErrorCode.PLATFORM_ONLY, 'Platform administrators only');
      return true;
    }
    // Authenticated(): anyone signed in, the platform administrator included (logout); routes that
    // need a tenant read it with @CurrentUser(), which refuses platform tokens.
    if (permission === null) return true;
    if (actor.kind !== 'tenant')
      throw forbidden(
        AccessErrorCode.TENANT_ONLY,
        'This route belongs to ISP accounts, not the platform administrator',
      );
    const anyOf = permission === undefined ? [] : Array.isArray(permission) ? permission : [permission];
    if (!anyOf.some((c) => (actor.permissions as number[]).includes(c)))
      throw forbidden(
        AccessErrorCode.PERMISSION_DENIED,
        `Your role does not have permission ${anyOf.join(' or ')}`,
      );
    return true;
  }
}
