import { startApi, type RunningApi } from './support/test-app';
import { ApiClient, registerAccount, staysConnected } from '@pondesk/server-testing';

describe('socket sessions', () => {
  let api: RunningApi;
  let client: ApiClient;

  beforeAll(async () => {
    api = await startApi();
    client = new ApiClient(api.url);
  });
  afterAll(() => api.close());

  it('accepts an access token of a live session and refuses it once the session is logged out', async () => {
    const account = await registerAccount(client, 'sock');
    expect(await staysConnected(api.url, account.token)).toBe(true);
    expect((await client.request('POST', '/auth/logout', { token: account.token, body: {} })).status).toBe(
      204,
    );
    expect(await staysConnected(api.url, account.token)).toBe(false);
  });
});
