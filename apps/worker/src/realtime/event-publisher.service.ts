import { Injectable } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import {
  allOltsRoom,
  oltRoom,
  tenantRoom,
  type OnuStatusChangedEvent,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@pondesk/contracts';
import { RedisConnections } from '@pondesk/server-queue';

/** Publishes events through Redis in the Socket.IO adapter's format; the API's sockets deliver them. */
@Injectable()
export class EventPublisher {
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(connections: RedisConnections) {
    this.emitter = new Emitter<ServerToClientEvents>(connections.open());
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
    changes: readonly (Omit<OnuStatusChangedEvent, 'oltId' | 'at'> & { at?: Date })[],
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
        // When the change happened (the OLT's own time when it gave one), else when it was seen.
        at: c.at?.toISOString() ?? at,
      });
  }
}
