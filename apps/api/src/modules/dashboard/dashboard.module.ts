import { Module } from '@nestjs/common';
import { OltsModule } from '../olts/olts.module';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';

@Module({ imports: [OltsModule], controllers: [DashboardController], providers: [DashboardService] })
export class DashboardModule {}
