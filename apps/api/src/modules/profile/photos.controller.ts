import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../common/auth/auth.decorators';
import { PhotoStorageService } from '../identity/photo-storage.service';
import { MIME_BY_EXT, type ImageType } from './image-type';

const FILE = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

/** Profile photos. Public because <img> sends no token; names are 128 random bits, so unguessable. */
@ApiTags('profile')
@Controller('photos')
export class PhotosController {
  constructor(private readonly photos: PhotoStorageService) {}

  @Get(':file')
  @Public()
  @ApiOperation({ summary: 'A profile photo by its file name' })
  serve(@Param('file') file: string, @Res() res: Response): void {
    const match = FILE.exec(file);
    if (!match) throw new NotFoundException('Photo not found');
    res.setHeader('Content-Type', MIME_BY_EXT[match[1] as ImageType['ext']]);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, max-age=86400');
    res.sendFile(file, { root: this.photos.directory, dotfiles: 'deny' }, (error?: Error) => {
      if (error && !res.headersSent)
        res.status(404).json({ statusCode: 404, error: 'Not Found', message: 'Photo not found' });
    });
  }
}
