import { randomUUID } from 'node:crypto';
import {
  ArgumentsHost,
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ApiErrorBody } from '@pondesk/contracts';
import { humanMessage } from '../validation/field-labels';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function retryAfterOf(response: unknown): number | undefined {
  const value = (response as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof value === 'number' && value > 0 ? Math.ceil(value) : undefined;
}

/** Turns anything thrown into the one error body shape; 500s get an errorId and are logged with it. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const body = this.toBody(exception, req);
    if (res.headersSent) return;
    // Rate-limited answers say when to come back, in the header clients and proxies understand.
    const retryAfter = exception instanceof HttpException ? retryAfterOf(exception.getResponse()) : undefined;
    if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
    res.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, req: Request): ApiErrorBody {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const base: ApiErrorBody = {
        statusCode: status,
        error: REASONS[status] ?? 'Error',
        message: exception.message,
      };
      if (typeof response === 'string') return { ...base, message: response };
      const r = response as Partial<ApiErrorBody> & { message?: string | string[] };
      const raw = Array.isArray(r.message) ? r.message.join('; ') : (r.message ?? base.message);
      if (status === 500) return this.internal(exception, req, status);
      // Field messages read with the form's label ("Contact number must…"); `field` keeps the key.
      const fields = r.fields?.map((f) => ({
        field: f.field,
        message: humanMessage(f.message, f.field.split('.').pop() ?? f.field),
      }));
      const at = r.fields?.findIndex((f) => f.message === raw) ?? -1;
      const message = fields && at >= 0 ? fields[at].message : raw;
      return {
        ...base,
        message,
        ...(r.code ? { code: r.code } : {}),
        ...(fields ? { fields } : {}),
        // In the body too: a browser's fetch reads it without parsing headers.
        ...(retryAfterOf(response) !== undefined ? { retryAfterSeconds: retryAfterOf(response) } : {}),
      };
    }
    return this.internal(exception, req, HttpStatus.INTERNAL_SERVER_ERROR);
  }

  private internal(exception: unknown, req: Request, status: number): ApiErrorBody {
    const errorId = randomUUID();
    const err = exception instanceof Error ? exception : new Error(String(exception));
    this.logger.error(
      { errorId, method: req.method, url: req.originalUrl, err: { message: err.message, stack: err.stack } },
      `Unhandled error ${errorId}`,
    );
    return {
      statusCode: status,
      error: REASONS[status] ?? 'Error',
      message: status === 503 ? 'Service unavailable, try again shortly' : 'Something went wrong on our side',
      errorId,
    };
  }
}
