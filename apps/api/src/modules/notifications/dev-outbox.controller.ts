import { BadRequestException, Controller, ForbiddenException, Get, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { DevOutbox } from '@pondesk/contracts';
import { Public } from '../../common/auth/auth.decorators';
import { DevOutboxService } from './dev-outbox.service';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** True when the TCP peer itself is this machine (proxy headers do not count: they can be forged). */
export const fromThisMachine = (req: Pick<Request, 'socket'>): boolean =>
  LOOPBACK.has(req.socket.remoteAddress ?? '');

/** Registered only when NODE_ENV !== 'production' (see NotificationsModule.forRoot). */
@ApiTags('development')
@Controller('dev/outbox')
export class DevOutboxController {
  constructor(private readonly outbox: DevOutboxService) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: 'Development only: the last mails (reset links) and SMS (OTPs) the log transports sent',
    description:
      'Absent when NODE_ENV=production, and answered only to clients on the machine itself: OTPs and reset links must not leak from a demo reachable on the network. Newest first.',
  })
  @ApiQuery({ name: 'to', required: false, description: 'Recipient email or number' })
  read(@Req() req: Request, @Query('to') to?: unknown): DevOutbox {
    if (!fromThisMachine(req))
      throw new ForbiddenException({
        statusCode: 403,
        message: 'The development outbox answers only on the machine running PonDesk',
      });
    if (to !== undefined && (typeof to !== 'string' || to.length > 254)) {
      const message = 'to must be one email address or number (at most 254 characters)';
      throw new BadRequestException({ statusCode: 400, message, fields: [{ field: 'to', message }] });
    }
    return this.outbox.read(to);
  }
}
