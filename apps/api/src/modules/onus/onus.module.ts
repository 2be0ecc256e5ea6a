import { Module } from '@nestjs/common';
import { OltsModule } from '../olts/olts.module';
import { OnusController } from './onus.controller';
import { OnusService } from './onus.service';

@Module({ imports: [OltsModule], controllers: [OnusController], providers: [OnusService] })
export class OnusModule {}
