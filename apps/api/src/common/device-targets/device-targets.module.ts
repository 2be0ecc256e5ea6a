import { Module } from '@nestjs/common';
import { DeviceTargetsService } from './device-targets.service';

/** Where device connections may go (see `DeviceTargetsService`). */
@Module({ providers: [DeviceTargetsService], exports: [DeviceTargetsService] })
export class DeviceTargetsModule {}
