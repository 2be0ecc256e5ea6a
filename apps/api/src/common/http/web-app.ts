import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { pickCoding, type Coding } from './accept-encoding';

/** Content codings the build writes beside a file: `<file>.br`, `<file>.gz`. */
const CODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/** Hashed build output: its name changes with its content, so a browser may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: the browser asks again each time (a 304 when unchanged). */
const REVALIDATE = 'no-cache';
/** Other files of the build's public folder (favicon): stable names, content may change with a release. */
const SHORT = 'public, max-age=3600';

interface Variant {
  bytes: Buffer;
  etag: string;
}

interface WebFile {
  type: string;
  cacheControl: string;
  lastModified: string;
  identity: Variant;
  encoded: Partial<Record<Coding, Variant>>;
}

function variant(path: string): Variant {
  const bytes = readFileSync(path);
  // A strong validator per representation: the br, gzip and plain bytes of a file each have their own.
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  return { bytes, etag };
}

/** Every servable file of the build by URL path; dot folders (.vite) and the compressed siblings excluded. */
function indexBuild(dir: string): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        walk(path);
        continue;
      }
      if (CODINGS.some((c) => entry.name.endsWith(c.suffix))) continue;
      const url = '/' + relative(dir, path).split(sep).join('/');
      const encoded: WebFile['encoded'] = {};
      for (const { coding, suffix } of CODINGS)
        if (existsSync(path + suffix)) encoded[coding] = variant(path + suffix);
      files.set(url, {
        type: extname(entry.name),
        cacheControl: url.startsWith('/assets/') ? IMMUTABLE : url === '/index.html' ? REVALIDATE : SHORT,
        lastModified: statSync(path).mtime.toUTCString(),
        identity: variant(path),
        encoded,
      });
    }
  };
  walk(dir);
  return files;
}

function send(req: Request, res: Response, file: WebFile): void {
  const available = Object.keys(file.encoded) as Coding[];
  const coding = pickCoding(req.headers['accept-encoding'], available);
  const chosen = (coding && file.encoded[coding]) || file.identity;
  res.type(file.type);
  res.setHeader('Cache-Control', file.cacheControl);
  res.setHeader('Last-Modified', file.lastModified);
  res.setHeader('ETag', chosen.etag);
  if (available.length > 0) res.vary('Accept-Encoding');
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  if (coding) res.setHeader('Content-Encoding', coding);
  res.setHeader('Content-Length', chosen.bytes.length);
  res.end(req.method === 'HEAD' ? undefined : chosen.bytes);
}

/**
 * The built web app, read into memory once at start (a few MB; a release replaces the folder and
 * restarts the server), each file sent as the build compressed it when the client accepts that coding.
 * Paths the app routes itself get index.html; an unknown file under /assets/ is a 404, never HTML in
 * place of a script.
 */
export function webAppHandler(dir: string): RequestHandler | undefined {
  if (!existsSync(join(dir, 'index.html'))) return undefined;
  const files = indexBuild(dir);
  const index = files.get('/index.html');
  if (!index) return undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/api') || req.path.startsWith('/socket.io')) return next();
    const file = files.get(req.path);
    if (file) return send(req, res, file);
    if (req.path.startsWith('/assets/')) return next();
    send(req, res, index);
  };
}
