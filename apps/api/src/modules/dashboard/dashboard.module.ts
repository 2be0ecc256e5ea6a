import { Module } from '@nestjs/common';
import { OltAccessModule } from '../../common/olt-access/olt-access.module';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';

@Module({ imports: [OltAccessModule], controllers: [DashboardController], providers: [DashboardService] })
export class DashboardModule {}
