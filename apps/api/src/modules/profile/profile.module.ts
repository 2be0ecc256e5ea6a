import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PhotosController } from './photos.controller';
import { ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';

@Module({
  imports: [AuthModule],
  controllers: [ProfileController, PhotosController],
  providers: [ProfileService],
})
export class ProfileModule {}
