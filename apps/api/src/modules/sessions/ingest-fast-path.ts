import { TextDecoder } from 'node:util';
import { BadRequestException, HttpException, HttpStatus, type INestApplication } from '@nestjs/common';
import type { ArgumentsHost } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { INGEST_KEY_HEADER } from '@pondesk/contracts';
import { AllExceptionsFilter } from '../../common/filters/all-exceptions.filter';
import { SessionIngestService } from './session-ingest.service';

/** Router scripts post a few hundred bytes; anything much larger is not a session event. */
const MAX_BODY_BYTES = 16 * 1024;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The one success answer, written as it is (no ETag, no serialising per request). */
const ACCEPTED = Buffer.from(JSON.stringify({ accepted: true }));
const ACCEPTED_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(ACCEPTED.length),
  'cache-control': 'no-store',
};

const badBody = (message: string) =>
  new BadRequestException({ statusCode: 400, message, fields: [{ field: 'body', message }] });

/** The request body as text, refused when too large or not UTF-8. */
function readBody(req: Request): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(
          new HttpException(
            { statusCode: 413, message: 'Request body is larger than 16 KB' },
            HttpStatus.PAYLOAD_TOO_LARGE,
          ),
        );
        req.destroy();
        return;
      }
      parts.push(chunk);
    });
    req.on('end', () => {
      try {
        resolve(utf8.decode(Buffer.concat(parts)));
      } catch {
        reject(badBody('Request body is not valid UTF-8'));
      }
    });
    req.on('error', reject);
  });
}

/**
 * The posted fields: JSON when the body says so (or looks like an object), else a form. RouterOS
 * `/tool fetch` sends whatever content type its script sets, or none at all.
 */
export function parseEventBody(text: string, contentType: string | undefined): unknown {
  const t = text.trim();
  const json = /\bjson\b/i.test(contentType ?? '');
  if (json || t.startsWith('{')) {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      if (json) throw badBody('Request body is not valid JSON');
    }
  }
  return Object.fromEntries(new URLSearchParams(t));
}

/**
 * `POST /api/v1/ingest/session-events` served ahead of the Nest pipeline (guards, pipes, the request
 * logger, compression): a city outage brings thousands of these a second and each needs only its key
 * checked, its fields read and its row committed. Answers and errors are those of the documented route
 * (the same service, the same exception filter).
 */
export function ingestFastPath(app: INestApplication): RequestHandler {
  const ingest = app.get(SessionIngestService, { strict: false });
  const filter = new AllExceptionsFilter();
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST') return next();
    const header = req.headers[INGEST_KEY_HEADER];
    const queryKey = typeof req.query.key === 'string' ? req.query.key : undefined;
    readBody(req)
      .then((text) =>
        ingest.receive(
          typeof header === 'string' ? header : undefined,
          queryKey,
          parseEventBody(text, req.headers['content-type']),
        ),
      )
      .then(() => res.writeHead(202, ACCEPTED_HEADERS).end(ACCEPTED))
      .catch((error: unknown) => {
        const host = {
          getType: () => 'http',
          switchToHttp: () => ({ getRequest: () => req, getResponse: () => res, getNext: () => next }),
        } as unknown as ArgumentsHost;
        filter.catch(error, host);
      });
  };
}
