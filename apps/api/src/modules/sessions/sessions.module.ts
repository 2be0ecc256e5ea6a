import { Module } from '@nestjs/common';
import { OltAccessModule } from '../../common/olt-access/olt-access.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { DownCountsService } from './down-counts.service';
import { IngestKeysService } from './ingest-keys.service';
import { IngestSetupService } from './ingest-setup.service';
import { SessionIngestService } from './session-ingest.service';
import { SessionsController } from './sessions.controller';

/** PPPoE session events from the routers: ingest, the Down Count List, histories and drop causes. */
@Module({
  imports: [OltAccessModule, RealtimeModule],
  controllers: [SessionsController],
  providers: [IngestKeysService, SessionIngestService, IngestSetupService, DownCountsService],
})
export class SessionsModule {}
