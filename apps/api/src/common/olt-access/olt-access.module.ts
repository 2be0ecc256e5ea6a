import { Module } from '@nestjs/common';
import { OltAccessService } from './olt-access.service';

/** Which OLTs a user may see; every OLT-scoped feature imports it. */
@Module({ providers: [OltAccessService], exports: [OltAccessService] })
export class OltAccessModule {}
