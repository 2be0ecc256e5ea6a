import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { DevOutbox } from '@pondesk/contracts';
import { Public } from '../../common/auth/auth.decorators';
import { DevOutboxService } from './dev-outbox.service';

/** Registered only when NODE_ENV !== 'production' (see NotificationsModule.forRoot). */
@ApiTags('development')
@Controller('dev/outbox')
export class DevOutboxController {
  constructor(private readonly outbox: DevOutboxService) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: 'Development only: the last mails (reset links) and SMS (OTPs) the log transports sent',
    description: 'Absent when NODE_ENV=production. Newest first.',
  })
  @ApiQuery({ name: 'to', required: false, description: 'Recipient email or number' })
  read(@Query('to') to?: string): DevOutbox {
    return this.outbox.read(typeof to === 'string' ? to : undefined);
  }
}
