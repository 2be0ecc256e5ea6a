import { Module } from '@nestjs/common';
import { OltAccessModule } from '../../common/olt-access/olt-access.module';
import { OnusModule } from '../onus/onus.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { ShareAccessModule } from '../../common/share-access/share-access.module';
import { SharedController } from './shared.controller';
import { SharedViewService } from './shared-view.service';
import { SharesController } from './shares.controller';
import { SharesService } from './shares.service';

@Module({
  imports: [OltAccessModule, OnusModule, RealtimeModule, ShareAccessModule],
  controllers: [SharesController, SharedController],
  providers: [SharesService, SharedViewService],
})
export class SharesModule {}
