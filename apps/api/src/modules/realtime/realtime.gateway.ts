import { Logger } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayConnection } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import {
  allOltsRoom,
  oltRoom,
  tenantRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@pondesk/contracts';
import { AccessTokenService } from '../../common/auth/access-token.service';
import type { TenantActor } from '../../common/auth/actor';
import { OltAccessService } from '../../common/olt-access/olt-access.service';

export type PonSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

interface SocketData {
  sessionId: string;
  userId: string;
  tenantId: string;
}

const isOltScopedRoom = (room: string) => room.startsWith('olt:') || room.endsWith(':all-olts');

/**
 * Joins each authenticated socket to its tenant's room and to the rooms of the OLTs its user may see
 * (one room for users who see them all). Events arrive from the worker through Redis.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayConnection {
  private readonly logger = new Logger(RealtimeGateway.name);
  @WebSocketServer() server!: Server<ClientToServerEvents, ServerToClientEvents, never, SocketData>;

  constructor(
    private readonly access: AccessTokenService,
    private readonly olts: OltAccessService,
  ) {}

  async handleConnection(socket: PonSocket): Promise<void> {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    try {
      if (!token) throw new Error('no token');
      // The same check as HTTP: a live session of an active user of an active tenant, read from the
      // database, so a logged-out, held or revoked session cannot listen in.
      const actor = await this.access.resolve(token);
      if (actor.kind !== 'tenant') throw new Error('not a tenant session');
      socket.data = {
        sessionId: actor.sessionId,
        userId: actor.userId,
        tenantId: actor.tenantId,
      } satisfies SocketData;
      await socket.join([
        tenantRoom(actor.tenantId),
        `user:${actor.userId}`,
        ...(await this.oltRooms(actor)),
      ]);
    } catch (error) {
      this.logger.debug(`socket refused: ${error instanceof Error ? error.message : String(error)}`);
      socket.disconnect(true);
    }
  }

  /**
   * After a change to who may see what in a tenant (OLT permissions, roles, users), brings every open
   * socket of the tenant in line, on every API instance; sockets of ended sessions are closed.
   */
  async refreshTenant(tenantId: string): Promise<void> {
    try {
      await this.refresh(tenantId);
    } catch (error) {
      // The change itself is saved; sockets catch up when they reconnect.
      this.logger.warn(`socket rooms of tenant ${tenantId} not refreshed: ${String(error)}`);
    }
  }

  private async refresh(tenantId: string): Promise<void> {
    const sockets = await this.server.in(tenantRoom(tenantId)).fetchSockets();
    for (const socket of sockets) {
      const data = socket.data as SocketData | undefined;
      const actor = data ? await this.access.sessionActor(data.sessionId) : null;
      if (!actor || actor.tenantId !== tenantId) {
        socket.disconnect(true);
        continue;
      }
      const wanted = new Set(await this.oltRooms(actor));
      const current = [...socket.rooms].filter(isOltScopedRoom);
      for (const room of current) if (!wanted.has(room)) socket.leave(room);
      const missing = [...wanted].filter((r) => !current.includes(r));
      if (missing.length) socket.join(missing);
    }
  }

  private async oltRooms(actor: TenantActor): Promise<string[]> {
    if (this.olts.seesAll(actor)) return [allOltsRoom(actor.tenantId)];
    return (await this.olts.permittedOltIds(actor)).map(oltRoom);
  }
}
