import { ServiceUnavailableException } from '@nestjs/common';
import { DevOutboxService } from './dev-outbox.service';
import { HttpSmsGateway, LogSmsGateway } from './sms-gateway';

describe('HttpSmsGateway', () => {
  it('posts the message as JSON with the bearer token', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response('{}', { status: 202 });
    }) as unknown as typeof fetch;
    await new HttpSmsGateway('https://sms.example/send', 'tok-123', fakeFetch).send({
      to: '+8801700000000',
      text: 'hi',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('https://sms.example/send');
    expect(calls[0].init.method).toBe('POST');
    expect((calls[0].init.headers as Record<string, string>).authorization).toBe('Bearer tok-123');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ to: '+8801700000000', message: 'hi' });
  });

  it('answers 503 when the provider refuses or cannot be reached', async () => {
    const refusing = (async () => new Response('no', { status: 500 })) as unknown as typeof fetch;
    await expect(
      new HttpSmsGateway('https://sms.example', undefined, refusing).send({ to: '1', text: 'x' }),
    ).rejects.toBeInstanceOf(ServiceUnavailableException);
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(
      new HttpSmsGateway('https://sms.example', undefined, down).send({ to: '1', text: 'x' }),
    ).rejects.toBeInstanceOf(ServiceUnavailableException);
  });
});

describe('LogSmsGateway', () => {
  it('keeps the message and its code in the development outbox', async () => {
    const outbox = new DevOutboxService();
    await new LogSmsGateway(outbox, false).send({ to: '+880170', text: 'code 123456', otp: '123456' });
    expect(outbox.read('+880170').sms).toEqual([
      { at: expect.any(String), to: '+880170', text: 'code 123456', otp: '123456' },
    ]);
  });

  it('never keeps codes in production', async () => {
    const outbox = new DevOutboxService();
    await new LogSmsGateway(outbox, true).send({ to: '+880170', text: 'code 123456', otp: '123456' });
    expect(outbox.read().sms).toEqual([]);
  });
});
