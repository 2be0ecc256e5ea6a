import express, { type NextFunction, type Request, type Response } from 'express';

const json = express.json({ limit: '1mb' });
const urlencoded = express.urlencoded({ extended: false, limit: '1mb' });

/** Body parsing whose failures answer a JSON 400/413 instead of express's HTML page. */
export function safeBodyParsers(req: Request, res: Response, next: NextFunction): void {
  json(req, res, (jsonError?: unknown) => {
    if (jsonError) return reject(jsonError, res);
    urlencoded(req, res, (formError?: unknown) => (formError ? reject(formError, res) : next()));
  });
}

function reject(error: unknown, res: Response): void {
  const e = error as { status?: number; type?: string };
  const tooLarge = e.type === 'entity.too.large';
  res.status(tooLarge ? 413 : 400).json({
    statusCode: tooLarge ? 413 : 400,
    error: tooLarge ? 'Payload Too Large' : 'Bad Request',
    message: tooLarge ? 'Request body is larger than 1 MB' : 'Request body is not valid JSON',
    fields: tooLarge ? undefined : [{ field: 'body', message: 'is not valid JSON' }],
  });
}
