import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { PhotosController } from './photos.controller';
import { ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';

@Module({
  imports: [IdentityModule],
  controllers: [ProfileController, PhotosController],
  providers: [ProfileService],
})
export class ProfileModule {}
