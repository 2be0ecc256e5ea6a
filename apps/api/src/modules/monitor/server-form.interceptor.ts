import {
  HttpException,
  HttpStatus,
  Injectable,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { SERVER_LOGO_MAX_BYTES } from '@pondesk/contracts';
import { invalidInput } from '../../common/http/validation.pipe';
import { MonitorErrorCode, MonitorException } from './monitor.exception';

export const LOGO_FIELD = 'logo';
const LOGO_MAX_KB = Math.round(SERVER_LOGO_MAX_BYTES / 1024);

/** Form fields that are numbers or flags; multipart sends every field as text. */
const INTEGER_FIELDS = new Set(['latencyLimitMs']);
const FLAG_FIELDS = new Set(['removeLogo']);
const INTEGER = /^-?(?:0|[1-9]\d*)$/;

/**
 * The server form (multipart): at most one file, in `logo`, of at most SERVER_LOGO_MAX_BYTES; every
 * refusal of the upload is a 400 naming the field (a logo too large too: the form shows it beside the
 * logo input). The text fields are then converted strictly (`"50"` → 50, `"true"` → true; `"5.5"` or
 * `"abc"` stay text and the DTO refuses them by name); an empty number or flag counts as not sent. A
 * JSON body is left as it is (JSON carries its own types).
 */
@Injectable()
export class ServerFormInterceptor implements NestInterceptor {
  private readonly upload = new (FileInterceptor(LOGO_FIELD, {
    limits: { fileSize: SERVER_LOGO_MAX_BYTES, files: 1, fields: 20, fieldSize: 16 * 1024 },
  }))();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    let handled: Observable<unknown>;
    try {
      handled = await this.upload.intercept(context, next);
    } catch (error) {
      throw uploadRefusal(error);
    }
    const req = context.switchToHttp().getRequest<Request>();
    if (req.is('multipart/form-data') && req.body && typeof req.body === 'object')
      convertFormFields(req.body as Record<string, unknown>);
    return handled;
  }
}

function convertFormFields(body: Record<string, unknown>): void {
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (typeof value !== 'string') continue;
    if (INTEGER_FIELDS.has(key)) {
      if (value === '') delete body[key];
      else if (INTEGER.test(value) && Number.isSafeInteger(Number(value))) body[key] = Number(value);
    } else if (FLAG_FIELDS.has(key)) {
      if (value === '') delete body[key];
      else if (value === 'true' || value === 'false') body[key] = value === 'true';
    }
  }
}

/** multer's refusals as 400s naming the field (Nest words them "<reason> - <field>"). */
function uploadRefusal(error: unknown): unknown {
  if (error instanceof PayloadTooLargeException)
    return new MonitorException(
      MonitorErrorCode.LOGO_TOO_LARGE,
      `${LOGO_FIELD} must be at most ${LOGO_MAX_KB} KB`,
      HttpStatus.BAD_REQUEST,
      LOGO_FIELD,
    );
  if (!(error instanceof HttpException) || error.getStatus() !== HttpStatus.BAD_REQUEST) return error;
  const response = error.getResponse() as { fields?: unknown } | string;
  if (typeof response === 'object' && response.fields) return error;
  const text = error.message;
  const named = / - (\S+)$/.exec(text);
  const reason = named ? text.slice(0, named.index) : text;
  const field = /too many files/i.test(reason) ? LOGO_FIELD : (named?.[1] ?? 'body');
  const unexpected = /unexpected (file )?field/i.test(reason);
  const message =
    field === LOGO_FIELD && (unexpected || /too many files/i.test(reason))
      ? `${LOGO_FIELD} takes one image`
      : unexpected
        ? `${field} is not a file field of this form (the image goes in ${LOGO_FIELD})`
        : `${field}: ${reason}`;
  return invalidInput([{ field, message }]);
}
