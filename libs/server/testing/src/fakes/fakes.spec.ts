import { waitFor } from '../net';
import { FakeTelegram } from './fake-telegram';
import { FakeWebhookReceiver } from './fake-webhook-receiver';
import { FakeWhatsApp } from './fake-whatsapp';

const TOKEN = '123456:AAE-fakeTokenForTests_0123';

const sendMessage = (fake: FakeTelegram, text: string, signal?: AbortSignal, token = TOKEN) =>
  fetch(`${fake.url}/bot${token}/sendMessage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chat_id: '-100200', text }),
    signal,
  });

describe('the fakes hold requests', () => {
  let fake: FakeTelegram;

  beforeEach(async () => {
    fake = await FakeTelegram.start({ tokens: [TOKEN] });
  });
  afterEach(() => fake.stop());

  it('records a held request only when it is released and answered', async () => {
    await fake.hold(true);
    const pending = sendMessage(fake, 'held then released');
    await fake.waitForHeld(1);
    expect(fake.messages).toEqual([]);
    await fake.hold(false);
    const res = await pending;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { ok: boolean }).ok).toBe(true);
    expect(fake.messages.map((m) => m.text)).toEqual(['held then released']);
  });

  it('never records a held request whose client went away', async () => {
    await fake.hold(true);
    const abort = new AbortController();
    const pending = sendMessage(fake, 'client gave up', abort.signal).catch((e: unknown) => e);
    await fake.waitForHeld(1);
    abort.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    // The fake sees the connection close and stops counting the request.
    await waitFor(async () => fake.heldCount() === 0, {
      timeoutMs: 2000,
      what: 'the aborted request dropped',
    });
    const kept = sendMessage(fake, 'client waited');
    await fake.waitForHeld(1);
    await fake.hold(false);
    expect((await kept).status).toBe(200);
    expect(fake.messages.map((m) => m.text)).toEqual(['client waited']);
    expect(fake.heldCount()).toBe(0);
  });

  it('is controlled over HTTP too, for a fake in another process', async () => {
    const control = (body: unknown) =>
      fetch(`${fake.url}/__fake/control`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    expect(await control({ hold: true })).toEqual({ messages: 0, held: 0, holding: true, failing: 0 });
    const pending = sendMessage(fake, 'over http');
    await fake.waitForHeld(1);
    expect(await fetch(`${fake.url}/__fake/state`).then((r) => r.json())).toMatchObject({ held: 1 });
    expect(await control({ hold: false })).toMatchObject({ messages: 1, held: 0, holding: false });
    expect((await pending).status).toBe(200);

    expect(await control({ failNext: { count: 2, status: 429, retryAfter: 3 } })).toMatchObject({
      failing: 2,
    });
    const refused = await sendMessage(fake, 'limited');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 3',
      parameters: { retry_after: 3 },
    });
    expect((await sendMessage(fake, 'limited')).status).toBe(429);
    expect((await sendMessage(fake, 'through')).status).toBe(200);
    expect(fake.messages.map((m) => m.text)).toEqual(['over http', 'through']);
    expect(await control({ clear: true })).toMatchObject({ messages: 0 });
  });
});

describe('FakeTelegram', () => {
  let fake: FakeTelegram;

  beforeAll(async () => {
    fake = await FakeTelegram.start({ tokens: [TOKEN] });
  });
  afterAll(() => fake.stop());

  it("answers a wrong token with the Bot API's 401 and a path it lacks with 404", async () => {
    const wrong = await sendMessage(fake, 'x', undefined, '999:AAAAAAAAAAAAAAAAAAAA');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });
    const lost = await fetch(`${fake.url}/bot${TOKEN}/sendTelepathy`, { method: 'POST' });
    expect(lost.status).toBe(404);
    expect(await lost.json()).toEqual({ ok: false, error_code: 404, description: 'Not Found' });
    expect((await fetch(`${fake.url}/nothing/here`)).status).toBe(404);
    const empty = await sendMessage(fake, '');
    expect(await empty.json()).toEqual({
      ok: false,
      error_code: 400,
      description: 'Bad Request: message text is empty',
    });
  });

  it('lists its messages over HTTP without the token, and on a page newest first', async () => {
    await sendMessage(fake, 'first <b>alert</b>');
    await sendMessage(fake, 'second alert');
    const listed = (await fetch(`${fake.url}/__fake/messages`).then((r) => r.json())) as {
      token: string;
      text: string;
    }[];
    expect(listed.map((m) => m.text)).toEqual(['first <b>alert</b>', 'second alert']);
    expect(listed.every((m) => m.token === '123456:***')).toBe(true);
    expect(JSON.stringify(listed)).not.toContain(TOKEN);
    const page = await fetch(`${fake.url}/__fake/`).then((r) => r.text());
    expect(page.indexOf('second alert')).toBeLessThan(page.indexOf('first &#60;b'));
    expect(page).toContain('first &#60;b&#62;alert');
    expect(page).not.toContain(TOKEN);
  });
});

describe('FakeWhatsApp and FakeWebhookReceiver', () => {
  it('serve their pages under their own URL', async () => {
    const wa = await FakeWhatsApp.start();
    const hook = await FakeWebhookReceiver.start();
    try {
      expect(wa.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v21\.0$/);
      expect(hook.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hook$/);
      for (const url of [wa.url, hook.url]) {
        expect(await fetch(`${url}/__fake/messages`).then((r) => r.json())).toEqual([]);
        expect((await fetch(`${url}/__fake/`)).headers.get('content-type')).toMatch(/^text\/html/);
      }
      const noAuth = await fetch(`${wa.url}/1065/messages`, { method: 'POST', body: '{}' });
      expect(noAuth.status).toBe(400);
      const wrong = await fetch(`${wa.url}/1065/messages`, {
        method: 'POST',
        headers: { authorization: 'Bearer x y' },
        body: '{}',
      });
      expect(wrong.status).toBe(400);
      const unknown = await fetch(`${wa.url}/1065/other`, {
        method: 'POST',
        headers: { authorization: 'Bearer EAAGsomething0123456' },
      });
      expect(unknown.status).toBe(404);
      const posted = await fetch(hook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"id":"a","text":"hello"}',
      });
      expect(posted.status).toBe(200);
      expect(hook.messages).toMatchObject([{ body: { id: 'a', text: 'hello' }, verified: null }]);
      expect((await fetch(`${hook.url}/other`, { method: 'POST' })).status).toBe(404);
    } finally {
      await wa.stop();
      await hook.stop();
    }
  });
});
