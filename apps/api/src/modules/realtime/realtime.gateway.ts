import { Inject, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { WebSocketGateway, WebSocketServer, type OnGatewayConnection } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import {
  tenantRoom,
  type AccessTokenClaims,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@pondesk/contracts';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { AccessTokenService } from '../../common/auth/access-token.service';

export type PonSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/** Joins each authenticated socket to its tenant's room; events arrive from the worker through Redis. */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayConnection {
  private readonly logger = new Logger(RealtimeGateway.name);
  @WebSocketServer() server!: Server<ClientToServerEvents, ServerToClientEvents>;

  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: AccessTokenService,
  ) {}

  async handleConnection(socket: PonSocket): Promise<void> {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    try {
      if (!token) throw new Error('no token');
      const claims = await this.jwt.verifyAsync<AccessTokenClaims>(token, { secret: this.config.JWT_SECRET });
      if (claims.typ !== 'access' || !claims.tid) throw new Error('not an access token');
      // Tokens the API issues name their session: a logged-out, held or revoked one is refused.
      if (claims.sid) {
        const actor = await this.access.resolve(token);
        if (actor.kind !== 'tenant' || actor.tenantId !== claims.tid) throw new Error('not a tenant session');
      }
      await socket.join([tenantRoom(claims.tid), `user:${claims.sub}`]);
      socket.data = { userId: claims.sub, tenantId: claims.tid };
    } catch (error) {
      this.logger.debug(`socket refused: ${error instanceof Error ? error.message : String(error)}`);
      socket.disconnect(true);
    }
  }
}
