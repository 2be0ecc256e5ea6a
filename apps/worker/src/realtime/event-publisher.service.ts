import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import type Redis from 'ioredis';
import {
  allOltsRoom,
  forViewers,
  oltRoom,
  oltEventRooms,
  onuStatusChangesEvents,
  permissionRoom,
  tenantRoom,
  SWITCH_ROOM_CODES,
  type OnuStatusChange,
  type PopSourcesChangedEvent,
  type ServerSamplesEvent,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
  type SessionEventPushed,
  type SwitchPortsChanged,
  type SwitchStatusChanged,
} from '@pondesk/contracts';
import { RedisConnections } from '@pondesk/server-queue';

/**
 * Publishes events through Redis in the Socket.IO adapter's format; the API's sockets deliver them.
 * Events are best effort: one that cannot be published (Redis away, the process shutting down) is dropped
 * with a warning, never an unhandled rejection — the emitter does not wait for its `publish`.
 */
@Injectable()
export class EventPublisher implements OnApplicationShutdown {
  private readonly logger = new Logger(EventPublisher.name);
  private readonly emitter: Emitter<ServerToClientEvents>;
  private closing = false;

  constructor(connections: RedisConnections) {
    const redis = connections.open();
    this.emitter = new Emitter<ServerToClientEvents>(this.publisherOf(redis));
  }

  /**
   * By now the job drain has finished or handed back every job; a handler still running after a hand-back
   * must not publish on the connection that is closing alongside.
   */
  onApplicationShutdown(): void {
    this.closing = true;
  }

  private publisherOf(redis: Redis): Pick<Redis, 'publish'> {
    const publish = (channel: string | Buffer, message: string | Buffer): Promise<number> => {
      if (this.closing || redis.status === 'end' || redis.status === 'close') return Promise.resolve(0);
      return redis.publish(channel, message).catch((error: unknown) => {
        this.logger.warn(`event not published: ${error instanceof Error ? error.message : String(error)}`);
        return 0;
      });
    };
    return { publish } as Pick<Redis, 'publish'>;
  }

  /** An event for the sockets in one room (a session's, for what that session started). */
  toRoom<E extends ServerEventName>(room: string, event: E, payload: ServerEventPayload<E>): void {
    (this.emitter.to(room).emit as (e: E, p: ServerEventPayload<E>) => boolean)(event, payload);
  }

  toTenant<E extends ServerEventName>(tenantId: string, event: E, payload: ServerEventPayload<E>): void {
    (this.emitter.to(tenantRoom(tenantId)).emit as (e: E, p: ServerEventPayload<E>) => boolean)(
      event,
      payload,
    );
  }

  /** An event about one OLT for its staff only (its room and the every-OLT room), never share links. */
  toStaff<E extends ServerEventName>(
    olt: { id: string; tenantId: string },
    event: E,
    payload: ServerEventPayload<E>,
  ): void {
    (this.emitter.to(oltEventRooms(olt).staff).emit as (e: E, p: ServerEventPayload<E>) => boolean)(
      event,
      payload,
    );
  }

  /**
   * An event about one OLT's status: to its room and to the tenant's users who see every OLT, never to a
   * user who is not permitted on it; and to the share links that show the OLT, without the device's
   * error text. Only ONU and OLT status goes this way: a share link is a read-only view of them.
   */
  toOlt<E extends ServerEventName>(
    olt: { id: string; tenantId: string },
    event: E,
    payload: ServerEventPayload<E>,
  ): void {
    const rooms = oltEventRooms(olt);
    const emit = (to: string[], p: ServerEventPayload<E>) =>
      (this.emitter.to(to).emit as (e: E, p: ServerEventPayload<E>) => boolean)(event, p);
    emit(rooms.staff, payload);
    emit(rooms.viewers, forViewers(payload));
  }

  /** The IP monitor's second of one tenant: to its users holding 2012 only, never the whole tenant. */
  serverSamples(tenantId: string, payload: ServerSamplesEvent): void {
    this.toRoom(permissionRoom(tenantId, 2012), 'monitor.servers.samples', payload);
  }

  /**
   * Power sources of one tenant that went down or came back: to its users holding 2011 (POP log), 2014
   * (POP dashboard) or 2015 (POP list), once per socket however many of them it holds.
   */
  popSourcesChanged(tenantId: string, payload: PopSourcesChangedEvent): void {
    const rooms = ([2011, 2014, 2015] as const).map((code) => permissionRoom(tenantId, code));
    this.emitter.to(rooms).emit('pop.sources.changed', payload);
  }

  /** A switch poll's changed ports and new events, to the tenant's users holding 2004 or 2009, once per socket. */
  switchPortsChanged(tenantId: string, payload: SwitchPortsChanged): void {
    this.emitter.to(this.switchRooms(tenantId)).emit('switch.ports.changed', payload);
  }

  /** A switch that went online or offline, to the same users. */
  switchStatusChanged(tenantId: string, payload: SwitchStatusChanged): void {
    this.emitter.to(this.switchRooms(tenantId)).emit('switch.status.changed', payload);
  }

  private switchRooms(tenantId: string): string[] {
    return SWITCH_ROOM_CODES.map((code) => permissionRoom(tenantId, code));
  }

  /**
   * PPPoE session events of one tenant (read from its routers' syslog): every event to the users who see
   * every OLT, and to the users of each OLT only the events of the PPPoE ids its ONUs carry (`byOlt`).
   */
  sessionEvents(
    tenantId: string,
    events: readonly SessionEventPushed[],
    byOlt: ReadonlyMap<string, ReadonlySet<string>>,
  ): void {
    if (!events.length) return;
    this.emitter.to(allOltsRoom(tenantId)).emit('session.events', { events: [...events] });
    for (const [oltId, pppoes] of byOlt) {
      const mine = events.filter((e) => pppoes.has(e.pppoeId));
      if (mine.length)
        this.emitter
          .to(oltRoom(oltId))
          .except(allOltsRoom(tenantId))
          .emit('session.events', { events: mine });
    }
  }

  /**
   * The status changes a poll (or a port read, or an ONU action) found on an OLT: one
   * `onu.status.changed` carrying them all (in chunks of `ONU_STATUS_CHANGES_PER_EVENT` when a PON or
   * city outage changes thousands), never one message per ONU; nothing when nothing changed.
   */
  onuChanges(
    olt: { id: string; tenantId: string },
    changes: readonly (Omit<OnuStatusChange, 'at'> & { at?: Date })[],
    at: string,
  ): void {
    const list = changes.map((c): OnuStatusChange => ({
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
    }));
    for (const event of onuStatusChangesEvents(olt.id, at, list))
      this.toOlt(olt, 'onu.status.changed', event);
  }
}
