import { Module } from '@nestjs/common';
import { OltsModule } from '../olts/olts.module';
import { RealtimeGateway } from './realtime.gateway';
import { RefreshSocketRoomsInterceptor } from './refresh-socket-rooms.interceptor';

@Module({
  imports: [OltsModule],
  providers: [RealtimeGateway, RefreshSocketRoomsInterceptor],
  exports: [RealtimeGateway, RefreshSocketRoomsInterceptor],
})
export class RealtimeModule {}
