import { BadRequestException, Controller, ForbiddenException, Get, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { DevOutbox } from '@pondesk/contracts';
import { Public } from '../../common/auth/auth.decorators';
import { DevOutboxService } from './dev-outbox.service';

/** 127.0.0.0/8 (also IPv4-mapped) and ::1: addresses only this machine can connect from. */
const isLoopback = (address: string): boolean =>
  address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);

/** Headers a reverse proxy adds; a request carrying any of them came through one, whatever its peer. */
const PROXY_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'via',
];

/**
 * True when the TCP peer is this machine and no proxy relayed the request: behind a reverse proxy on the
 * same host every client's peer is 127.0.0.1, so a proxied request is never "from this machine".
 */
export const fromThisMachine = (req: Pick<Request, 'socket' | 'headers'>): boolean =>
  isLoopback(req.socket.remoteAddress ?? '') && !PROXY_HEADERS.some((h) => req.headers[h] !== undefined);

/** Registered only with DEV_OUTBOX=true outside production (see NotificationsModule.forRoot). */
@ApiTags('development')
@Controller('dev/outbox')
export class DevOutboxController {
  constructor(private readonly outbox: DevOutboxService) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: 'Development only: the last mails (reset links) and SMS (OTPs) the log transports sent',
    description:
      'Present only with DEV_OUTBOX=true (never in production), and answered only to clients on the machine itself that no proxy relayed: OTPs and reset links must not leak from a demo reachable on the network. Newest first.',
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
