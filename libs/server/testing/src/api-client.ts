import { randomBytes } from 'node:crypto';
import type { AuthResponse } from '@pondesk/contracts';

/** A short unique suffix so tests sharing one database never collide on usernames or emails. */
export function unique(prefix = 'u'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/** A client address of its own per test file (the API trusts X-Forwarded-For from loopback), so rate limits do not leak between files. */
export function fakeIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A tiny JSON client for the running API. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly ip: string = fakeIp(),
  ) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<JsonResponse<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined && method !== 'GET' && method !== 'HEAD') {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${this.baseUrl}${path.startsWith('/api') ? path : `/api/v1${path}`}`, {
      method,
      headers,
      body,
    });
    const text = await res.text();
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
  return { username, email, password, auth: res.body, token: res.body.accessToken };
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
  return { username, email, password, auth: login.body, token: login.body.accessToken };
}
