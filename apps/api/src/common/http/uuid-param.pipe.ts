import { BadRequestException, Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { UUID_PATTERN } from '@pondesk/contracts';

/** Route ids must be UUIDs: a malformed one is a 400 naming the parameter, never a database error. */
@Injectable()
export class UuidParamPipe implements PipeTransform<string, string> {
  transform(value: string, metadata: ArgumentMetadata): string {
    const field = metadata.data ?? 'id';
    if (typeof value !== 'string' || !UUID_PATTERN.test(value)) {
      const message = `${field} must be a UUID`;
      throw new BadRequestException({
        statusCode: 400,
        error: 'Bad Request',
        message,
        fields: [{ field, message }],
      });
    }
    return value.toLowerCase();
  }
}
