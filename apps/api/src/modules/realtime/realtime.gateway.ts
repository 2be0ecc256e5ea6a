import { Logger, type OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import {
  PERMISSION_ROOM_CODES,
  allOltsRoom,
  oltRoom,
  permissionRoom,
  sessionRoom,
  shareRoom,
  sharedAllOltsRoom,
  sharedOltRoom,
  tenantRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@pondesk/contracts';
import { AccessTokenService } from '../../common/auth/access-token.service';
import type { TenantActor } from '../../common/auth/actor';
import { SessionRevocations } from '../../common/auth/session-revocations';
import { OltAccessService } from '../../common/olt-access/olt-access.service';
import { clientAddressOf, type TrustProxy } from '../../common/share-access/client-address';
import { ShareAccessService } from '../../common/share-access/share-access.service';

export type PonSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

interface SocketData {
  sessionId: string;
  userId: string;
  tenantId: string;
}

/** A socket opened with a share link: no user, no session; never in the tenant's room. */
interface ShareSocketData {
  shareTokenId: string;
  tenantId: string;
}

const isOltScopedRoom = (room: string) => room.startsWith('olt:') || room.endsWith(':all-olts');
/** Rooms a staff socket is in because of what its user may see: OLT rooms and permission-code rooms. */
const isAccessRoom = (room: string) => isOltScopedRoom(room) || /^tenant:[^:]+:code:\d+$/.test(room);

/**
 * The permission rooms of the codes the user's role holds, exactly as the HTTP guard reads them (the
 * tenant's Admin role is given every code; a role holding 2000 alone gets no monitor data).
 */
export const permissionRooms = (actor: TenantActor): string[] =>
  PERMISSION_ROOM_CODES.filter((code) => actor.permissions.includes(code)).map((code) =>
    permissionRoom(actor.tenantId, code),
  );

/** Every socket of one user. */
export const userRoom = (userId: string): string => `user:${userId}`;

/** Longest a timer can wait (about 24.8 days); access tokens live minutes. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Joins each authenticated socket to its tenant's room, its session's and user's rooms, the rooms of
 * the OLTs its user may see (one room for users who see them all) and the permission rooms of the codes
 * its user's role holds (`permissionRoom`: IP monitor and POP power data). Events arrive from the worker through
 * Redis. A socket lives no longer than its access token (the client reconnects with a fresh one) nor than
 * its session: revoking a session closes its sockets on every API instance.
 *
 * A socket opened with a share link (`auth.shareToken`) joins only its link's room and the rooms of the
 * link's OLTs: it hears their ONU status changes, polls and reachability, nothing of users or sessions.
 * It lives no longer than the link (revoking or re-tokening it closes its sockets everywhere).
 */
@WebSocketGateway()
export class RealtimeGateway
  implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy
{
  private readonly logger = new Logger(RealtimeGateway.name);
  @WebSocketServer() server!: Server<
    ClientToServerEvents,
    ServerToClientEvents,
    never,
    SocketData | ShareSocketData
  >;
  private readonly expiryTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly access: AccessTokenService,
    private readonly olts: OltAccessService,
    private readonly revocations: SessionRevocations,
    private readonly shares: ShareAccessService,
    private readonly adapterHost: HttpAdapterHost,
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

  /** Closes the sockets of this share link on every API instance (revoked, or its token replaced). */
  closeShare(tokenId: string): void {
    if (!this.server) return;
    this.server.in(shareRoom(tokenId)).disconnectSockets(true);
  }

  async handleConnection(socket: PonSocket): Promise<void> {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    const shareToken =
      typeof socket.handshake.auth?.shareToken === 'string' ? socket.handshake.auth.shareToken : undefined;
    if (!token && shareToken) return this.connectShare(socket, shareToken);
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
        ...(await this.accessRooms(actor)),
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

  /** A share link's socket: its link's room and its OLTs' viewer rooms, never a staff, user or session room. */
  private async connectShare(socket: PonSocket, shareToken: string): Promise<void> {
    try {
      // The same check and limits as the public routes (guesses counted by address).
      const viewer = await this.shares.resolve(shareToken, this.clientAddress(socket));
      socket.data = { shareTokenId: viewer.tokenId, tenantId: viewer.tenantId } satisfies ShareSocketData;
      // The viewers' own rooms, never the staff's: only what is sent to them on purpose reaches them.
      const olts =
        viewer.oltIds === null
          ? [sharedAllOltsRoom(viewer.tenantId)]
          : (await this.shares.oltIds(viewer)).map(sharedOltRoom);
      await socket.join([shareRoom(viewer.tokenId), ...olts]);
      // A revocation committed between the check and joining the link's room would have missed this
      // socket; once in the room, any later one reaches it. So look once more.
      if (!(await this.shares.live(viewer.tokenId))) throw new Error('share link ended while joining');
      if (viewer.expiresAt) this.closeAtExpiry(socket, viewer.expiresAt.getTime());
    } catch (error) {
      this.logger.debug(`share socket refused: ${error instanceof Error ? error.message : String(error)}`);
      socket.disconnect(true);
    }
  }

  private clientAddress(socket: PonSocket): string {
    const app = this.adapterHost.httpAdapter?.getInstance() as { get?: (key: string) => unknown } | undefined;
    const trust = app?.get?.('trust proxy fn');
    return clientAddressOf(
      socket.request.socket.remoteAddress ?? socket.handshake.address,
      socket.handshake.headers['x-forwarded-for'],
      typeof trust === 'function' ? (trust as TrustProxy) : undefined,
    );
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
   * socket of the tenant in line (its OLT rooms and permission rooms), on every API instance; sockets of
   * ended sessions are closed.
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
    // Share-link sockets are never in the tenant's room: user and role changes do not concern them.
    const sockets = await this.server.in(tenantRoom(tenantId)).fetchSockets();
    for (const socket of sockets) {
      const data = socket.data as SocketData | undefined;
      const actor = data ? await this.access.sessionActor(data.sessionId) : null;
      if (!actor || actor.tenantId !== tenantId) {
        socket.disconnect(true);
        continue;
      }
      const wanted = new Set(await this.accessRooms(actor));
      const current = [...socket.rooms].filter(isAccessRoom);
      for (const room of current) if (!wanted.has(room)) socket.leave(room);
      const missing = [...wanted].filter((r) => !current.includes(r));
      if (missing.length) socket.join(missing);
    }
  }

  /** The OLT rooms and permission rooms the user's access puts a socket in. */
  private async accessRooms(actor: TenantActor): Promise<string[]> {
    return [...(await this.oltRooms(actor)), ...permissionRooms(actor)];
  }

  private async oltRooms(actor: TenantActor): Promise<string[]> {
    if (this.olts.seesAll(actor)) return [allOltsRoom(actor.tenantId)];
    return (await this.olts.permittedOltIds(actor)).map(oltRoom);
  }
}
