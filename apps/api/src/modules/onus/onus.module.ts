import { Module } from '@nestjs/common';
import { OltsModule } from '../olts/olts.module';
import { OnuActionsService } from './onu-actions.service';
import { OnuDetailsService } from './onu-details.service';
import { OnusController } from './onus.controller';
import { OnusService } from './onus.service';
import { PppoeController } from './pppoe.controller';

@Module({
  imports: [OltsModule],
  controllers: [OnusController, PppoeController],
  providers: [OnusService, OnuDetailsService, OnuActionsService],
})
export class OnusModule {}
