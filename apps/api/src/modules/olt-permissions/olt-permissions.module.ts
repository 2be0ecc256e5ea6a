import { Module } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module';
import { OltChoicesController } from './olt-choices.controller';
import { OltPermissionsController } from './olt-permissions.controller';
import { OltPermissionsService } from './olt-permissions.service';

@Module({
  imports: [RealtimeModule],
  controllers: [OltPermissionsController, OltChoicesController],
  providers: [OltPermissionsService],
  exports: [OltPermissionsService],
})
export class OltPermissionsModule {}
