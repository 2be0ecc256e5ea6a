import { Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import {
  allOltsRoom,
  oltRoom,
  sessionRoom,
  tenantRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@pondesk/contracts';
import { AccessTokenService } from '../../common/auth/access-token.service';
import type { TenantActor } from '../../common/auth/actor';
import { SessionRevocations } from '../../common/auth/session-revocations';
import { OltAccessService } from '../../common/olt-access/olt-access.service';

export type PonSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

interface SocketData {
  sessionId: string;
  userId: string;
  tenantId: string;
}

const isOltScopedRoom = (room: string) => room.startsWith('olt:') || room.endsWith(':all-olts');

/** Every socket of one user. */
export const userRoom = (userId: string): string => `user:${userId}`;

/** Longest a timer can wait (about 24.8 days); access tokens live minutes. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Joins each authenticated socket to its tenant's room, its session's and user's rooms, and the rooms of
 * the OLTs its user may see (one room for users who see them all). Events arrive from the worker through
 * Redis. A socket lives no longer than its access token (the client reconnects with a fresh one) nor than
 * its session: revoking a session closes its sockets on every API instance.
 */
@WebSocketGateway()
export class RealtimeGateway
  implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy
{
  private readonly logger = new Logger(RealtimeGateway.name);
  @WebSocketServer() server!: Server<ClientToServerEvents, ServerToClientEvents, never, SocketData>;
  private readonly expiryTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly access: AccessTokenService,
    private readonly olts: OltAccessService,
    private readonly revocations: SessionRevocations,
  ) {}

  afterInit(): void {
    this.stopListening = this.revocations.onRevoked((sessionIds) => this.closeSessions(sessionIds));
  }

  onModuleDestroy(): void {
    this.stopListening?.();
    this.expiryTimers.forEach((timer) => clearTimeout(timer));
    this.expiryTimers.clear();
  }

  /** Closes the sockets of these sessions on every API instance (through the Redis adapter). */
  closeSessions(sessionIds: string[]): void {
    if (!sessionIds.length || !this.server) return;
    this.server.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  }

  async handleConnection(socket: PonSocket): Promise<void> {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    try {
      if (!token) throw new Error('no token');
      // The same check as HTTP: a live session of an active user of an active tenant, read from the
      // database, so a logged-out, held or revoked session cannot listen in.
      const { actor, expiresAt } = await this.access.resolveWithExpiry(token);
      if (actor.kind !== 'tenant') throw new Error('not a tenant session');
      socket.data = {
        sessionId: actor.sessionId,
        userId: actor.userId,
        tenantId: actor.tenantId,
      } satisfies SocketData;
      await socket.join([
        sessionRoom(actor.sessionId),
        userRoom(actor.userId),
        tenantRoom(actor.tenantId),
        ...(await this.oltRooms(actor)),
      ]);
      // A revocation committed between the check above and joining the session's room would have missed
      // this socket; once in the room, any later one reaches it. So look once more.
      if (!(await this.access.sessionActor(actor.sessionId))) throw new Error('session ended while joining');
      this.closeAtExpiry(socket, expiresAt);
    } catch (error) {
      this.logger.debug(`socket refused: ${error instanceof Error ? error.message : String(error)}`);
      socket.disconnect(true);
    }
  }

  handleDisconnect(socket: PonSocket): void {
    const timer = this.expiryTimers.get(socket.id);
    if (timer) clearTimeout(timer);
    this.expiryTimers.delete(socket.id);
  }

  private closeAtExpiry(socket: PonSocket, expiresAt: number): void {
    if (!socket.connected) return;
    const ms = Math.min(Math.max(0, expiresAt - Date.now()), MAX_TIMER_MS);
    const timer = setTimeout(() => {
      this.expiryTimers.delete(socket.id);
      socket.disconnect(true);
    }, ms);
    timer.unref?.();
    this.expiryTimers.set(socket.id, timer);
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
    if (!this.server) return;
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
