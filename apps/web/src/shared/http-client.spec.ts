import { ApiError, buildUrl, configureHttpClient, http } from './http-client';

describe('http client helpers', () => {
  it('builds API URLs and drops empty query values', () => {
    expect(buildUrl('/onus', { page: 2, q: '', olt: undefined, sort: 'rx' })).toBe(
      '/api/v1/onus?page=2&sort=rx',
    );
  });

  it('exposes field errors of an ApiError by field name', () => {
    const e = new ApiError(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'email must be an email',
      fields: [{ field: 'email', message: 'email must be an email' }],
    });
    expect(e.fields).toEqual({ email: 'email must be an email' });
    expect(e.message).toBe('email must be an email');
    expect(e.isNetwork).toBe(false);
  });
});

describe('http client session handling', () => {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const unauthorized = () => json(401, { statusCode: 401, error: 'Unauthorized', message: 'Token expired' });
  let fetchMock: jest.SpiedFunction<typeof fetch>;
  let token: string | null;
  let onUnauthorized: jest.Mock;

  beforeEach(() => {
    token = 'old';
    onUnauthorized = jest.fn();
    fetchMock = jest.spyOn(globalThis, 'fetch');
  });
  afterEach(() => fetchMock.mockRestore());

  const authOf = (call: number) =>
    (fetchMock.mock.calls[call][1]?.headers as Record<string, string>).Authorization;

  it('sends the CSRF header and same-origin credentials (the refresh cookie) on every call', async () => {
    configureHttpClient({ token: () => token, onUnauthorized });
    fetchMock.mockResolvedValueOnce(json(200, { ok: 1 }));
    await http('/auth/refresh', { method: 'POST', headers: { 'X-Pondesk-Remember': 'false' } });
    const init = fetchMock.mock.calls[0][1];
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toMatchObject({ 'x-requested-with': 'pondesk', 'X-Pondesk-Remember': 'false' });
  });

  it('renews an expired access token once and repeats the call with the new one', async () => {
    const refresh = jest.fn(async () => {
      token = 'new';
      return true;
    });
    configureHttpClient({ token: () => token, onUnauthorized, refresh });
    fetchMock.mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(json(200, { ok: 1 }));
    await expect(http('/profile')).resolves.toEqual({ ok: 1 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect([authOf(0), authOf(1)]).toEqual(['Bearer old', 'Bearer new']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('ends the session when the refresh fails or the repeated call is refused too', async () => {
    configureHttpClient({ token: () => token, onUnauthorized, refresh: async () => false });
    fetchMock.mockResolvedValueOnce(unauthorized());
    await expect(http('/profile')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    configureHttpClient({ token: () => token, onUnauthorized, refresh: async () => true });
    fetchMock.mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(unauthorized());
    await expect(http('/profile')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('treats a 401 of a sign-in call as an answer, not an ended session', async () => {
    const refresh = jest.fn(async () => true);
    configureHttpClient({ token: () => null, onUnauthorized, refresh });
    fetchMock.mockResolvedValueOnce(unauthorized());
    await expect(
      http('/auth/login', { method: 'POST', body: {}, skipAuthRedirect: true }),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Token expired',
    });
    expect(refresh).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
