import { BadRequestException, Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';

const ALERT_ID = /^[1-9]\d{0,17}$/;

/** Alerts are numbered (bigint): a malformed id is a 400 naming the parameter, never a database error. */
@Injectable()
export class AlertIdPipe implements PipeTransform<string, string> {
  transform(value: string, metadata: ArgumentMetadata): string {
    const field = metadata.data ?? 'id';
    if (typeof value !== 'string' || !ALERT_ID.test(value)) {
      const message = `${field} must be an alert number`;
      throw new BadRequestException({
        statusCode: 400,
        error: 'Bad Request',
        message,
        fields: [{ field, message }],
      });
    }
    return value;
  }
}
