import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { PPPOE_ID_PATTERN } from '@pondesk/contracts';

/** A PPPoE id in a path: 1–64 characters without spaces or separators, else a 400 naming it. */
@Injectable()
export class PppoeIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    const id = typeof value === 'string' ? value.trim() : '';
    if (!PPPOE_ID_PATTERN.test(id)) {
      const message = 'pppoeId must be 1–64 characters without spaces, commas or slashes';
      throw new BadRequestException({
        statusCode: 400,
        error: 'Bad Request',
        message,
        fields: [{ field: 'pppoeId', message }],
      });
    }
    return id;
  }
}
