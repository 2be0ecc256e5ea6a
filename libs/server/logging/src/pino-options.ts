import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerOptions } from 'pino';
import type { Options as PinoHttpOptions } from 'pino-http';
import { REDACT_PATHS, REDACTED } from './redaction';

export const REQUEST_ID_HEADER = 'x-request-id';

const QUIET_PATH = '/api/v1/ingest/session-events';

/** Query parameters that carry secrets (a router that cannot set a header puts its ingest key in the URL). */
const SECRET_QUERY = /([?&](?:key|token|secret)=)[^&#]*/gi;

/** A shared view's address holds its token (`/share/<token>`, the page the link opens). */
const SHARE_PATH = /^(\/share\/)[^/?#]+/;

/** The URL as logged: secret query values and a shared view's token censored. */
export function redactUrl(url: string): string {
  return url
    .replace(SECRET_QUERY, `$1${encodeURIComponent(REDACTED)}`)
    .replace(SHARE_PATH, `$1${encodeURIComponent(REDACTED)}`);
}

export function basePinoOptions(level: string, service: string): LoggerOptions {
  return {
    level,
    base: { service },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    formatters: { level: (label) => ({ level: label }) },
  };
}

/** A request id from a sane incoming header, else a new UUID; echoed back in the response. */
export function requestIdFor(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && /^[\w.-]{8,64}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

export function httpLoggerOptions(level: string, service: string): PinoHttpOptions {
  return {
    ...basePinoOptions(level, service),
    genReqId: requestIdFor,
    customProps: (req) => ({ requestId: (req as IncomingMessage & { id?: string }).id }),
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    // Router session events arrive by the thousand in an outage; their service logs what goes wrong.
    autoLogging: {
      ignore: (req) => req.url === '/api/v1/health' || req.url?.startsWith(QUIET_PATH) === true,
    },
  };
}
