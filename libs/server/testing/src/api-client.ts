import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { CSRF_HEADER, CSRF_HEADER_VALUE, REFRESH_COOKIE, type AuthResponse } from '@pondesk/contracts';

/** A short unique suffix so tests sharing one database never collide on usernames or emails. */
export function unique(prefix = 'u'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/**
 * An address for X-Forwarded-For, for tests of an API that trusts a proxy (TRUST_PROXY): without that
 * setting the header is ignored, as it must be.
 */
export function fakeIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/**
 * A loopback address of its own (127.0.0.0/8 is all this machine's): a client that connects from it
 * is a distinct client to the API's per-address limits, with nothing forged.
 */
export function loopbackIp(): string {
  const b = randomBytes(3);
  return `127.${b[0]}.${b[1]}.${1 + (b[2] % 254)}`;
}

const isLoopbackIp = (ip: string) => /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);

/** One HTTP exchange from a chosen local address (fetch cannot bind one without undici's Agent). */
function send(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; localAddress: string },
): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: init.method, headers: init.headers, localAddress: init.localAddress },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const headers = new Headers();
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
          resolve({ status: res.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    if (init.body !== undefined) req.end(init.body);
    else req.end();
  });
}

/** The refresh-token cookie and the CSRF header, as the API and the web app agree on them. */
export { CSRF_HEADER, CSRF_HEADER_VALUE, REFRESH_COOKIE } from '@pondesk/contracts';

/** The refresh-token cookie a response set (its raw value), or null. */
export function refreshCookieOf(res: { headers: Headers }): string | null {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    if (pair.slice(0, eq).trim() === REFRESH_COOKIE) return pair.slice(eq + 1).trim() || null;
  }
  return null;
}

/** The refresh token inside a cookie value (a session-only cookie marks its value with `s~`). */
export function refreshTokenOfCookie(value: string): string {
  const decoded = decodeURIComponent(value);
  return decoded.startsWith('s~') ? decoded.slice(2) : decoded;
}

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A tiny JSON client for the running API. Its `ip` is a loopback address it connects from (each client
 * a distinct address, by default), or any other address, sent as X-Forwarded-For for tests of proxy trust.
 */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly ip: string = loopbackIp(),
  ) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: {
      token?: string;
      body?: unknown;
      rawBody?: string;
      headers?: Record<string, string>;
      /** Sent as the refresh-token cookie (with the CSRF header a browser client adds). */
      refreshCookie?: string;
    } = {},
  ): Promise<JsonResponse<T>> {
    const viaLoopback = isLoopbackIp(this.ip);
    const headers: Record<string, string> = {
      ...(viaLoopback ? {} : { 'x-forwarded-for': this.ip }),
      ...options.headers,
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.refreshCookie !== undefined) {
      headers.cookie = `${REFRESH_COOKIE}=${options.refreshCookie}`;
      headers[CSRF_HEADER] ??= CSRF_HEADER_VALUE;
    }
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined && method !== 'GET' && method !== 'HEAD') {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const url = `${this.baseUrl}${path.startsWith('/api') ? path : `/api/v1${path}`}`;
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const res = viaLoopback
      ? await send(url, { method, headers, body, localAddress: this.ip })
      : await fetch(url, { method, headers, body }).then(async (r) => ({
          status: r.status,
          headers: r.headers,
          text: await r.text(),
        }));
    const { text } = res;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (an image, say): the text stays as it is
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = Record<string, unknown>>(path: string, token?: string) {
    return this.request<T>('GET', path, { token });
  }
  post<T = Record<string, unknown>>(path: string, body: unknown, token?: string) {
    return this.request<T>('POST', path, { body, token });
  }
  patch<T = Record<string, unknown>>(path: string, body: unknown, token?: string) {
    return this.request<T>('PATCH', path, { body, token });
  }
  put<T = Record<string, unknown>>(path: string, body: unknown, token?: string) {
    return this.request<T>('PUT', path, { body, token });
  }
  delete<T = Record<string, unknown>>(path: string, token?: string) {
    return this.request<T>('DELETE', path, { token });
  }
}

export interface TestAccount {
  username: string;
  email: string;
  password: string;
  auth: AuthResponse;
  token: string;
  /** The refresh token the API set as a cookie (never in the JSON). */
  refreshToken: string;
}

function signedIn(res: JsonResponse<AuthResponse>, what: string): { refreshToken: string } {
  const cookie = refreshCookieOf(res);
  if (!cookie) throw new Error(`${what}: no refresh cookie set`);
  return { refreshToken: refreshTokenOfCookie(cookie) };
}

/** Registers a fresh ISP account through the full form; its user is the tenant admin with every code. */
export async function registerAccount(client: ApiClient, prefix = 'acct'): Promise<TestAccount> {
  const username = unique(prefix);
  const email = `${username}@example.test`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const res = await client.post<AuthResponse>('/auth/register', {
    name: username,
    email,
    password,
    passwordConfirmation: password,
    acceptTerms: true,
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    username,
    email,
    password,
    auth: res.body,
    token: res.body.accessToken,
    ...signedIn(res, 'register'),
  };
}

/** Creates a user in the admin's tenant with a new role holding exactly `codes`, and signs in as them. */
export async function userWithCodes(
  client: ApiClient,
  admin: TestAccount,
  codes: number[],
): Promise<TestAccount> {
  const role = await client.post<{ id: string }>(
    '/roles',
    { name: unique('role'), menuCodes: codes },
    admin.token,
  );
  if (role.status !== 201) throw new Error(`role failed: ${role.status} ${JSON.stringify(role.body)}`);
  const username = unique('staff');
  const email = `${username}@example.test`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const user = await client.post('/users', { username, email, password, roleId: role.body.id }, admin.token);
  if (user.status !== 201) throw new Error(`user failed: ${user.status} ${JSON.stringify(user.body)}`);
  const login = await client.post<AuthResponse>('/auth/login', { username, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return {
    username,
    email,
    password,
    auth: login.body,
    token: login.body.accessToken,
    ...signedIn(login, 'login'),
  };
}
