import { Module } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module';
import { IdentityModule } from '../identity/identity.module';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [RealtimeModule, IdentityModule],
  controllers: [UsersController],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
