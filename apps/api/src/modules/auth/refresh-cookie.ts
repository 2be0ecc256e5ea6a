import { ForbiddenException, HttpStatus, UnsupportedMediaTypeException } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
  REMEMBER_HEADER,
} from '@pondesk/contracts';
import { SESSION_TTL_MS } from '../identity/session.service';

/*
 * The refresh token travels only in the REFRESH_COOKIE: httpOnly (no script reads it), SameSite=Strict
 * (no other site's page sends it), scoped to the auth routes (no other request carries it), Secure
 * whenever the request came over HTTPS (directly or through a trusted proxy, see TRUST_PROXY).
 *
 * Routes the cookie authenticates (refresh) also need the CSRF_HEADER. A cross-site form or a no-cors
 * fetch cannot add a custom header; a cross-origin fetch that does is stopped by CORS preflight (none is
 * allowed). The web client sends it on every call.
 */
export { CSRF_HEADER, CSRF_HEADER_VALUE, REFRESH_COOKIE, REFRESH_COOKIE_PATH, REMEMBER_HEADER };

/** Marks the value of a browser-session cookie so that refreshes keep it one (refresh tokens are base64url). */
const SESSION_ONLY_MARK = 's~';

/** `Cookie` header → name/value map (first occurrence wins, values percent-decoded when valid). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (!name || cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

export interface RefreshCookie {
  token: string;
  /** False for a browser-session cookie ("remember me" was off). */
  remember: boolean;
}

/** The refresh token the browser sent, if any. */
export function readRefreshCookie(req: Pick<Request, 'headers'>): RefreshCookie | null {
  const raw = parseCookies(req.headers.cookie).get(REFRESH_COOKIE);
  if (!raw) return null;
  if (raw.startsWith(SESSION_ONLY_MARK)) {
    const token = raw.slice(SESSION_ONLY_MARK.length);
    return token ? { token, remember: false } : null;
  }
  return { token: raw, remember: true };
}

/** `false` only when the sign-in asked for a browser-session cookie. */
export function rememberRequested(req: Pick<Request, 'headers'>): boolean {
  const value = req.headers[REMEMBER_HEADER];
  return !(typeof value === 'string' && value.trim().toLowerCase() === 'false');
}

function baseOptions(req: Pick<Request, 'secure'>): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', path: REFRESH_COOKIE_PATH, secure: req.secure };
}

export function setRefreshCookie(
  req: Pick<Request, 'secure'>,
  res: Pick<Response, 'cookie'>,
  token: string,
  remember: boolean,
): void {
  if (remember) res.cookie(REFRESH_COOKIE, token, { ...baseOptions(req), maxAge: SESSION_TTL_MS });
  else res.cookie(REFRESH_COOKIE, `${SESSION_ONLY_MARK}${token}`, baseOptions(req));
}

export function clearRefreshCookie(req: Pick<Request, 'secure'>, res: Pick<Response, 'clearCookie'>): void {
  res.clearCookie(REFRESH_COOKIE, baseOptions(req));
}

/** Refuses a cookie-authenticated call without the custom header (cross-site request forgery). */
export function assertCsrfHeader(req: Pick<Request, 'headers'>): void {
  if (req.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE)
    throw new ForbiddenException({
      statusCode: HttpStatus.FORBIDDEN,
      message: `This request needs the header ${CSRF_HEADER}: ${CSRF_HEADER_VALUE}`,
      code: 'CSRF_HEADER_MISSING',
    });
}

/**
 * Routes that set the cookie take JSON only: a form on another site can post urlencoded or text bodies
 * without a CORS preflight, and would sign the browser into the attacker's account (login CSRF).
 */
export function assertJsonBody(req: Pick<Request, 'headers'>): void {
  const type = req.headers['content-type'];
  const mediaType = typeof type === 'string' ? type.split(';')[0].trim().toLowerCase() : '';
  if (mediaType !== 'application/json')
    throw new UnsupportedMediaTypeException({
      statusCode: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
      message: 'Send the request body as JSON (Content-Type: application/json)',
      code: 'JSON_BODY_REQUIRED',
    });
}
