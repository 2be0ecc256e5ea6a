import { Module } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module';
import { RolesController } from './roles.controller';
import { RolesService } from './roles.service';

@Module({
  imports: [RealtimeModule],
  controllers: [RolesController],
  providers: [RolesService],
})
export class RolesModule {}
