import { Global, Module } from '@nestjs/common';
import { AccessTokenService } from './access-token.service';
import { SessionRevocations } from './session-revocations';

/**
 * Token signing and resolution, shared by the HTTP guard, the auth module and the socket gateway; and
 * the notice of ended sessions that closes their sockets.
 */
@Global()
@Module({
  providers: [AccessTokenService, SessionRevocations],
  exports: [AccessTokenService, SessionRevocations],
})
export class AccessModule {}
