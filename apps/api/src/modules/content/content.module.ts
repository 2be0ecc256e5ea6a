import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  OtherProductEntity,
  PlatformSettingEntity,
  UpdateEventEntity,
  UpdateEventSeenEntity,
} from '@pondesk/server-database';
import { ContentController } from './content.controller';
import { ContentService } from './content.service';
import { PlatformContentController } from './platform-content.controller';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      PlatformSettingEntity,
      OtherProductEntity,
      UpdateEventEntity,
      UpdateEventSeenEntity,
    ]),
  ],
  controllers: [PlatformContentController, ContentController],
  providers: [ContentService],
  exports: [ContentService],
})
export class ContentModule {}
