import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../../common/auth/auth.decorators';
import { PaymentsService } from './payments.service';

@ApiTags('billing')
@Controller('billing/bkash')
export class BkashCallbackController {
  constructor(private readonly payments: PaymentsService) {}

  @Get('callback')
  @Public()
  @ApiOperation({
    summary:
      "bKash's redirect back (paymentID, status, signature, our attempt): settles the payment and redirects to /billing/result?attempt=…&outcome=paid|failed|cancelled|pending",
  })
  async callback(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const location = await this.payments.callback(query, req.ip ?? 'unknown');
    res.redirect(302, location);
  }
}
