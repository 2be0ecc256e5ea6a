import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServiceUnavailableException } from '@nestjs/common';
import { DevOutboxService } from './dev-outbox.service';
import { HttpSmsGateway, LogSmsGateway, SMS_NOT_CONFIGURED } from './sms-gateway';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP endpoint standing in for the SMS provider; answers every request with `status`. */
async function provider(status: number): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/send`, received, server };
}

describe('HttpSmsGateway', () => {
  it('posts the message as JSON with the bearer token', async () => {
    const sms = await provider(202);
    try {
      await new HttpSmsGateway(sms.url, 'tok-123').send({ to: '+8801700000000', text: 'hi' });
      expect(sms.received).toHaveLength(1);
      const [call] = sms.received;
      expect(call).toMatchObject({ method: 'POST', url: '/api/send' });
      expect(call.headers.authorization).toBe('Bearer tok-123');
      expect(call.headers['content-type']).toBe('application/json');
      expect(JSON.parse(call.body)).toEqual({ to: '+8801700000000', message: 'hi' });
    } finally {
      sms.server.close();
    }
  });

  it('answers 503 when the provider refuses or cannot be reached', async () => {
    const refusing = await provider(500);
    try {
      await expect(
        new HttpSmsGateway(refusing.url, undefined).send({ to: '1', text: 'x' }),
      ).rejects.toBeInstanceOf(ServiceUnavailableException);
      expect(refusing.received).toHaveLength(1);
    } finally {
      refusing.server.close();
    }
    // The same address once nothing listens there any more.
    await expect(
      new HttpSmsGateway(refusing.url, undefined).send({ to: '1', text: 'x' }),
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

  it('in production keeps no code and refuses instead of pretending the SMS went out', async () => {
    const outbox = new DevOutboxService();
    const sending = new LogSmsGateway(outbox, true).send({
      to: '+880170',
      text: 'code 123456',
      otp: '123456',
    });
    await expect(sending).rejects.toBeInstanceOf(ServiceUnavailableException);
    await expect(sending).rejects.toThrow(SMS_NOT_CONFIGURED);
    expect(outbox.read().sms).toEqual([]);
  });
});
