import { ForbiddenException, UnsupportedMediaTypeException } from '@nestjs/common';
import {
  assertCsrfHeader,
  assertJsonBody,
  clearRefreshCookie,
  parseCookies,
  readRefreshCookie,
  REFRESH_COOKIE,
  rememberRequested,
  setRefreshCookie,
} from './refresh-cookie';

describe('parseCookies', () => {
  it('reads name=value pairs, trimming, percent-decoding and unquoting', () => {
    const c = parseCookies(' a=1; b = two%20words ;c="quoted"; empty=');
    expect([...c]).toEqual([
      ['a', '1'],
      ['b', 'two words'],
      ['c', 'quoted'],
      ['empty', ''],
    ]);
  });

  it('keeps the first of duplicate names and survives malformed parts', () => {
    const c = parseCookies('x=first; x=second; =nameless; novalue; bad=%E0%A4%A; y=ok');
    expect(c.get('x')).toBe('first');
    expect(c.get('bad')).toBe('%E0%A4%A');
    expect(c.get('y')).toBe('ok');
    expect(c.has('novalue')).toBe(false);
    expect(c.has('')).toBe(false);
  });

  it('is empty without a header', () => {
    expect(parseCookies(undefined).size).toBe(0);
    expect(parseCookies('').size).toBe(0);
  });
});

describe('the refresh cookie', () => {
  const req = (headers: Record<string, string>) => ({ headers, secure: false });

  it('reads a remembered and a browser-session cookie', () => {
    expect(readRefreshCookie(req({ cookie: `other=1; ${REFRESH_COOKIE}=abc_DEF-1` }))).toEqual({
      token: 'abc_DEF-1',
      remember: true,
    });
    expect(readRefreshCookie(req({ cookie: `${REFRESH_COOKIE}=s~abc` }))).toEqual({
      token: 'abc',
      remember: false,
    });
    expect(readRefreshCookie(req({ cookie: `${REFRESH_COOKIE}=s~` }))).toBeNull();
    expect(readRefreshCookie(req({}))).toBeNull();
  });

  it('sets httpOnly, SameSite=Strict, the auth path, Secure only over HTTPS, 30 days when remembered', () => {
    const cookie = jest.fn();
    setRefreshCookie({ secure: true }, { cookie }, 'tok', true);
    expect(cookie).toHaveBeenCalledWith(REFRESH_COOKIE, 'tok', {
      httpOnly: true,
      sameSite: 'strict',
      path: '/api/v1/auth',
      secure: true,
      maxAge: 30 * 24 * 3600 * 1000,
    });
    setRefreshCookie({ secure: false }, { cookie }, 'tok', false);
    expect(cookie).toHaveBeenLastCalledWith(REFRESH_COOKIE, 's~tok', {
      httpOnly: true,
      sameSite: 'strict',
      path: '/api/v1/auth',
      secure: false,
    });
    const clearCookie = jest.fn();
    clearRefreshCookie({ secure: false }, { clearCookie });
    expect(clearCookie).toHaveBeenCalledWith(
      REFRESH_COOKIE,
      expect.objectContaining({ path: '/api/v1/auth' }),
    );
  });

  it('remembers unless the sign-in says false', () => {
    expect(rememberRequested(req({}))).toBe(true);
    expect(rememberRequested(req({ 'x-pondesk-remember': 'true' }))).toBe(true);
    expect(rememberRequested(req({ 'x-pondesk-remember': ' False ' }))).toBe(false);
  });
});

describe('request forgery checks', () => {
  it('needs X-Requested-With: pondesk exactly', () => {
    expect(() => assertCsrfHeader({ headers: { 'x-requested-with': 'pondesk' } })).not.toThrow();
    expect(() => assertCsrfHeader({ headers: {} })).toThrow(ForbiddenException);
    expect(() => assertCsrfHeader({ headers: { 'x-requested-with': 'XMLHttpRequest' } })).toThrow(
      ForbiddenException,
    );
  });

  it('takes only JSON bodies where the cookie is set', () => {
    expect(() =>
      assertJsonBody({ headers: { 'content-type': 'application/json; charset=utf-8' } }),
    ).not.toThrow();
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x'])
      expect(() => assertJsonBody({ headers: { 'content-type': type } })).toThrow(
        UnsupportedMediaTypeException,
      );
    expect(() => assertJsonBody({ headers: {} })).toThrow(UnsupportedMediaTypeException);
  });
});
