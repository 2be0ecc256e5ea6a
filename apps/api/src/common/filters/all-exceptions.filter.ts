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
import { QueryFailedError } from 'typeorm';
import type { ApiErrorBody } from '@pondesk/contracts';
import { isDatabaseUnavailable } from './database-unavailable';
import { humanMessage, messageKey } from '../validation/field-labels';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  402: 'Payment Required',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/**
 * Postgres errors caused by a value the request carried: class 22 (data exception: invalid input
 * syntax, value too long, numeric out of range, invalid byte sequence, bad date) and NOT NULL
 * violations. Validation must stop these earlier; answering 400 is the safety net, logged as a bug.
 */
function inputRejectedByDatabase(exception: unknown): { code: string; column?: string } | undefined {
  if (!(exception instanceof QueryFailedError)) return undefined;
  const driver = exception.driverError as { code?: unknown; column?: unknown } | undefined;
  const code = typeof driver?.code === 'string' ? driver.code : '';
  if (!code.startsWith('22') && code !== '23502') return undefined;
  return { code, column: typeof driver?.column === 'string' ? driver.column : undefined };
}

/** A unique violation the service did not foresee: two requests raced for the same value. */
function isUniqueViolation(exception: unknown): boolean {
  return (
    exception instanceof QueryFailedError && (exception.driverError as { code?: unknown })?.code === '23505'
  );
}

const camelCase = (column: string): string => column.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

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
        message: humanMessage(f.message, messageKey(f.field)),
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
    // Postgres away (restarting, unreachable): a 503 to try again shortly, not a 500.
    if (isDatabaseUnavailable(exception))
      return this.internal(exception, req, HttpStatus.SERVICE_UNAVAILABLE);
    const rejected = inputRejectedByDatabase(exception);
    if (rejected) return this.rejectedByDatabase(rejected, req);
    if (isUniqueViolation(exception)) {
      this.logger.warn(
        { method: req.method, url: req.path },
        'Unique violation answered 409 (concurrent requests)',
      );
      return {
        statusCode: 409,
        error: REASONS[409],
        message: 'This conflicts with a change made at the same time; try again',
      };
    }
    const clientError = this.clientError(exception);
    if (clientError) return clientError;
    return this.internal(exception, req, HttpStatus.INTERNAL_SERVER_ERROR);
  }

  /** A 400 without SQL or values; the error is logged as the validation gap it is. */
  private rejectedByDatabase(rejected: { code: string; column?: string }, req: Request): ApiErrorBody {
    const errorId = randomUUID();
    const field = rejected.column ? camelCase(rejected.column) : 'body';
    this.logger.error(
      {
        errorId,
        method: req.method,
        url: req.route ? `${req.baseUrl}${(req.route as { path: string }).path}` : req.path,
        code: rejected.code,
        field,
      },
      `Bug: input reached the database unchecked (${rejected.code}) ${errorId}; add the rule to the DTO`,
    );
    const message = `${field} holds a value that cannot be stored`;
    return {
      statusCode: 400,
      error: REASONS[400],
      message: humanMessage(message, field),
      fields: [{ field, message: humanMessage(message, field) }],
      errorId,
    };
  }

  /** Errors of express or its middleware that carry a client status (http-errors with `expose`). */
  private clientError(exception: unknown): ApiErrorBody | undefined {
    const e = exception as { status?: unknown; statusCode?: unknown; expose?: unknown } | null;
    const status = typeof e?.status === 'number' ? e.status : e?.statusCode;
    if (typeof status !== 'number' || status < 400 || status > 499 || e?.expose !== true) return undefined;
    return {
      statusCode: status,
      error: REASONS[status] ?? 'Error',
      message: status === 400 ? 'The request is malformed' : (REASONS[status] ?? 'Request refused'),
      ...(status === 400 ? { fields: [{ field: 'request', message: 'is malformed' }] } : {}),
    };
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
