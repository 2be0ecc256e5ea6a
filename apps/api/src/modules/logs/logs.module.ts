import { Module } from '@nestjs/common';
import { OltAccessModule } from '../../common/olt-access/olt-access.module';
import { LogsController } from './logs.controller';
import { LogsService } from './logs.service';

/** The stored syslog lines of the OLTs and their MikroTik routers (the worker's receiver writes them). */
@Module({
  imports: [OltAccessModule],
  controllers: [LogsController],
  providers: [LogsService],
})
export class LogsModule {}
