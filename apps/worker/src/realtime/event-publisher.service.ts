import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import Redis from 'ioredis';
import {
  allOltsRoom,
  oltRoom,
  tenantRoom,
  type OnuStatusChangedEvent,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@pondesk/contracts';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { redisOptionsFromUrl } from '@pondesk/server-queue';

/** Publishes events through Redis in the Socket.IO adapter's format; the API's sockets deliver them. */
@Injectable()
export class EventPublisher implements OnModuleDestroy {
  private readonly redis: Redis;
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.redis = new Redis(redisOptionsFromUrl(config.REDIS_URL));
    this.redis.on('error', () => undefined);
    this.emitter = new Emitter<ServerToClientEvents>(this.redis);
  }

  toTenant<E extends ServerEventName>(tenantId: string, event: E, payload: ServerEventPayload<E>): void {
    (this.emitter.to(tenantRoom(tenantId)).emit as (e: E, p: ServerEventPayload<E>) => boolean)(
      event,
      payload,
    );
  }

  /**
   * An event about one OLT: to its room and to the tenant's users who see every OLT, never to a user
   * who is not permitted on it.
   */
  toOlt<E extends ServerEventName>(
    olt: { id: string; tenantId: string },
    event: E,
    payload: ServerEventPayload<E>,
  ): void {
    (
      this.emitter.to([allOltsRoom(olt.tenantId), oltRoom(olt.id)]).emit as (
        e: E,
        p: ServerEventPayload<E>,
      ) => boolean
    )(event, payload);
  }

  /** One `onu.status.changed` per status change a poll (or a port read) found on an OLT. */
  onuChanges(
    olt: { id: string; tenantId: string },
    changes: readonly Omit<OnuStatusChangedEvent, 'oltId' | 'at'>[],
    at: string,
  ): void {
    for (const c of changes)
      this.toOlt(olt, 'onu.status.changed', {
        oltId: olt.id,
        onuRef: c.onuRef,
        ponPort: c.ponPort,
        onuId: c.onuId,
        ifName: c.ifName,
        pppoeIds: c.pppoeIds,
        from: c.from,
        to: c.to,
        reason: c.reason,
        reasonRaw: c.reasonRaw,
        at,
      });
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
