import { Module } from '@nestjs/common';
import { ShareAccessService } from './share-access.service';

/** Share-link tokens to viewers; a module of its own so the realtime gateway can use it too. */
@Module({ providers: [ShareAccessService], exports: [ShareAccessService] })
export class ShareAccessModule {}
