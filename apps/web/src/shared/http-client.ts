import { CSRF_HEADER, CSRF_HEADER_VALUE, type ApiErrorBody } from '@pondesk/contracts';

/** Every failed API call surfaces as this, with the server's message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
    this.name = 'ApiError';
  }

  get fields(): Record<string, string> {
    return Object.fromEntries((this.body.fields ?? []).map((f) => [f.field, f.message]));
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

type TokenSource = () => string | null;
type UnauthorizedHandler = () => void;
/** Tries to get a fresh access token; resolves true when the failed call is worth one more try. */
type RefreshHandler = () => Promise<boolean>;

let tokenSource: TokenSource = () => null;
let onUnauthorized: UnauthorizedHandler = () => undefined;
let refreshSession: RefreshHandler | null = null;

/**
 * Wired by the session: where the access token comes from, how to renew it after a 401 (optional;
 * tried once per call) and what to do when the session is gone for good.
 */
export function configureHttpClient(options: {
  token: TokenSource;
  onUnauthorized: UnauthorizedHandler;
  refresh?: RefreshHandler;
}): void {
  tokenSource = options.token;
  onUnauthorized = options.onUnauthorized;
  refreshSession = options.refresh ?? null;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** For sign-in and similar calls whose 401 is an answer, not an expired session. */
  skipAuthRedirect?: boolean;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

/**
 * Sent on every call. The API requires it where the httpOnly refresh cookie authenticates (refresh): a
 * page of another site cannot add it to a request, so it cannot use the cookie (CSRF).
 */
export const CSRF_HEADERS: Readonly<Record<string, string>> = { [CSRF_HEADER]: CSRF_HEADER_VALUE };

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return `/api/v1${path}${s ? `?${s}` : ''}`;
}

export async function http<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const sentWith = tokenSource();
  try {
    return await send<T>(path, options, sentWith);
  } catch (error) {
    if (
      !(error instanceof ApiError) ||
      error.status !== 401 ||
      options.skipAuthRedirect ||
      !sentWith ||
      !refreshSession
    )
      throw error;
    // An expired access token: renew once and repeat the call; only then is the session over.
    const renewed = await refreshSession().catch(() => false);
    if (!renewed) {
      onUnauthorized();
      throw error;
    }
    return send<T>(path, { ...options, skipAuthRedirect: false }, tokenSource(), true);
  }
}

async function send<T>(
  path: string,
  options: RequestOptions,
  token: string | null,
  retried = false,
): Promise<T> {
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json',
    ...CSRF_HEADERS,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const sent = fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
    credentials: 'same-origin',
  });
  return receive<T>(sent, options, token, retried);
}

/**
 * Reads an answer already on its way (a call started before the app was loaded) exactly as `http` reads
 * its own: the same errors, the same body parsing.
 */
export function adoptResponse<T>(sent: Promise<Response>, options: RequestOptions = {}): Promise<T> {
  return receive<T>(sent, options, tokenSource(), false);
}

async function receive<T>(
  sent: Promise<Response>,
  options: RequestOptions,
  token: string | null,
  retried: boolean,
): Promise<T> {
  let res: Response;
  try {
    res = await sent;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, {
      statusCode: 0,
      error: 'Network Error',
      message: 'Cannot reach the server. Check your connection.',
    });
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const errorBody: ApiErrorBody =
      data && typeof data === 'object' && 'message' in data
        ? (data as ApiErrorBody)
        : { statusCode: res.status, error: res.statusText, message: `Request failed (${res.status})` };
    // Without a refresh handler (or on the repeated call) a 401 ends the session right here.
    if (res.status === 401 && !options.skipAuthRedirect && (retried || !refreshSession || !token))
      onUnauthorized();
    throw new ApiError(res.status, errorBody);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
