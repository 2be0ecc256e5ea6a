import { createParamDecorator, ForbiddenException, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { PermissionCode } from '@pondesk/contracts';

/** A signed-in user of a tenant, as the guard resolved it from the token and the database. */
export interface TenantActor {
  kind: 'tenant';
  userId: string;
  tenantId: string;
  sessionId: string;
  username: string;
  permissions: PermissionCode[];
  ip: string | null;
}

/** The platform operator (configured by the environment; no tenant). */
export interface PlatformActor {
  kind: 'platform';
  sessionId: string;
  username: string;
  ip: string | null;
}

export type Actor = TenantActor | PlatformActor;

export type RequestWithActor = Request & { actor?: Actor };

/** Who is acting, for audit rows. */
export function actorName(actor: Actor): string {
  return actor.kind === 'platform' ? `platform:${actor.username}` : actor.username;
}

/** The tenant user of the request; the guard has already refused platform tokens on tenant routes. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): TenantActor => {
  const actor = ctx.switchToHttp().getRequest<RequestWithActor>().actor;
  if (actor?.kind !== 'tenant')
    throw new ForbiddenException({
      statusCode: 403,
      message: 'This route belongs to ISP accounts, not the platform administrator',
      code: 'TENANT_ONLY',
    });
  return actor;
});

/** Whoever the guard admitted (tenant user or platform administrator). */
export const CurrentActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor => {
  const actor = ctx.switchToHttp().getRequest<RequestWithActor>().actor;
  if (!actor) throw new ForbiddenException('Not signed in');
  return actor;
});
