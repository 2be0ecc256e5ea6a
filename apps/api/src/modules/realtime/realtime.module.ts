import { Module } from '@nestjs/common';
import { OltAccessModule } from '../../common/olt-access/olt-access.module';
import { ShareAccessModule } from '../../common/share-access/share-access.module';
import { RealtimeGateway } from './realtime.gateway';
import { RefreshSocketRoomsInterceptor } from './refresh-socket-rooms.interceptor';

@Module({
  imports: [OltAccessModule, ShareAccessModule],
  providers: [RealtimeGateway, RefreshSocketRoomsInterceptor],
  exports: [RealtimeGateway, RefreshSocketRoomsInterceptor],
})
export class RealtimeModule {}
