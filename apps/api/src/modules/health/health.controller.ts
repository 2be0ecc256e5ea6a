import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { HealthResponse } from '@pondesk/contracts';
import { Public } from '../../common/auth/auth.decorators';
import { HealthService } from './health.service';

@ApiTags('system')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'State of Postgres, Redis and the workers' })
  @ApiOkResponse({ description: 'Everything is up' })
  @ApiServiceUnavailableResponse({ description: 'Something is down; `down` names it' })
  async get(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const result = await this.health.check();
    res.status(result.status === 'ok' ? 200 : 503);
    res.setHeader('Cache-Control', 'no-store');
    return result;
  }
}
