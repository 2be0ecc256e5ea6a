import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TenantVpnEntity } from '@pondesk/server-database';
import { DeviceJobsModule } from '../../common/device-jobs/device-jobs.module';
import { DeviceTargetsModule } from '../../common/device-targets/device-targets.module';
import { OltVpnTestController, VpnController } from './vpn.controller';
import { VpnService } from './vpn.service';

/** The tenant's VPN into the platform (Profile → Add VPN) and the OLT form's VPN Test. */
@Module({
  imports: [TypeOrmModule.forFeature([TenantVpnEntity]), DeviceJobsModule, DeviceTargetsModule],
  controllers: [VpnController, OltVpnTestController],
  providers: [VpnService],
})
export class VpnModule {}
