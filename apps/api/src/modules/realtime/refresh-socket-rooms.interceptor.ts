import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { mergeMap, type Observable } from 'rxjs';
import type { RequestWithActor } from '../../common/auth/actor';
import { RealtimeGateway } from './realtime.gateway';

/**
 * For routes that change who may see what (OLT permissions, roles, users): once the change succeeded,
 * the tenant's open sockets join or leave OLT rooms (or close) at once, not at their next reconnect.
 */
@Injectable()
export class RefreshSocketRoomsInterceptor implements NestInterceptor {
  constructor(private readonly realtime: RealtimeGateway) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const actor = context.switchToHttp().getRequest<RequestWithActor>().actor;
    return next.handle().pipe(
      mergeMap(async (value: unknown) => {
        if (actor?.kind === 'tenant') await this.realtime.refreshTenant(actor.tenantId);
        return value;
      }),
    );
  }
}
