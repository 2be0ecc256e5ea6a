import { Module } from '@nestjs/common';
import { IspServicesService } from './isp-services.service';
import { LogoStorageService } from './logo-storage.service';
import { PingTargetsService } from './ping-targets.service';
import { PopOutagesService } from './pop-outages.service';
import { PopSourcesService } from './pop-sources.service';
import { PopSourcesController, PopStatusController, PopsController } from './pops.controller';
import { PopsService } from './pops.service';
import { ServersController } from './servers.controller';
import { ServersService } from './servers.service';
import { ServicesController } from './services.controller';

/**
 * The IP monitor and POP power monitoring (spec 3 §2.10–§2.15): servers, POPs, their power sources and
 * outages, and the ISP's services. The worker pings the targets and keeps their state; this manages them.
 */
@Module({
  controllers: [
    ServersController,
    PopsController,
    PopSourcesController,
    PopStatusController,
    ServicesController,
  ],
  providers: [
    ServersService,
    PopsService,
    PopSourcesService,
    PopOutagesService,
    IspServicesService,
    LogoStorageService,
    PingTargetsService,
  ],
})
export class MonitorModule {}
