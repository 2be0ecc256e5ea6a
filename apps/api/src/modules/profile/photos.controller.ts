import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../common/auth/auth.decorators';
import { PhotoStorageService } from '../identity/photo-storage.service';

/** Profile photos. Public because <img> sends no token; names are 128 random bits, so unguessable. */
@ApiTags('profile')
@Controller('photos')
export class PhotosController {
  constructor(private readonly photos: PhotoStorageService) {}

  @Get(':file')
  @Public()
  @ApiOperation({ summary: 'A profile photo by its file name' })
  serve(@Param('file') file: string, @Res() res: Response): void {
    this.photos.send(res, file, 'Photo');
  }
}
