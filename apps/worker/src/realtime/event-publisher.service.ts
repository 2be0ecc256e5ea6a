import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import Redis from 'ioredis';
import {
  tenantRoom,
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

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
