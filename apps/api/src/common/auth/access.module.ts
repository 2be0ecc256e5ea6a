import { Global, Module } from '@nestjs/common';
import { AccessTokenService } from './access-token.service';

/** Token signing and resolution, shared by the HTTP guard, the auth module and the socket gateway. */
@Global()
@Module({ providers: [AccessTokenService], exports: [AccessTokenService] })
export class AccessModule {}
