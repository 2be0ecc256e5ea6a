import { TextDecoder } from 'node:util';
import express, { type NextFunction, type Request, type Response } from 'express';
import { withUndecodableEscapesMarked } from '../validation/text-safety';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Raw bytes that are not UTF-8 would be decoded to U+FFFD and stored as text nobody sent. */
class NotUtf8Error extends Error {
  readonly type = 'encoding.not.utf8';
}

function verifyUtf8(_req: unknown, _res: unknown, buf: Buffer): void {
  try {
    utf8.decode(buf);
  } catch {
    throw new NotUtf8Error('Request body is not valid UTF-8');
  }
}

const json = express.json({ limit: '1mb', verify: verifyUtf8 });
const urlencoded = express.urlencoded({ extended: false, limit: '1mb', verify: verifyUtf8 });

/**
 * Body parsing whose failures answer a JSON 400/413 instead of express's HTML page. Before routing, the
 * URL's undecodable escapes are marked (see `withUndecodableEscapesMarked`) so that the parameter they
 * are in is refused by name instead of being read as U+FFFD.
 */
export function safeBodyParsers(req: Request, res: Response, next: NextFunction): void {
  const marked = withUndecodableEscapesMarked(req.url);
  if (marked !== undefined) req.url = marked;
  json(req, res, (jsonError?: unknown) => {
    if (jsonError) return reject(jsonError, res);
    urlencoded(req, res, (formError?: unknown) => (formError ? reject(formError, res) : next()));
  });
}

function reject(error: unknown, res: Response): void {
  const e = error as { status?: number; type?: string };
  const tooLarge = e.type === 'entity.too.large';
  const notUtf8 = error instanceof NotUtf8Error || e.type === 'encoding.not.utf8';
  res.status(tooLarge ? 413 : 400).json({
    statusCode: tooLarge ? 413 : 400,
    error: tooLarge ? 'Payload Too Large' : 'Bad Request',
    message: tooLarge
      ? 'Request body is larger than 1 MB'
      : notUtf8
        ? 'Request body is not valid UTF-8'
        : 'Request body is not valid JSON',
    fields: tooLarge
      ? undefined
      : [{ field: 'body', message: notUtf8 ? 'is not valid UTF-8' : 'is not valid JSON' }],
  });
}
