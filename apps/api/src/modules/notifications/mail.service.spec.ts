import { createServer, type AddressInfo, type Server } from 'node:net';
import { ServiceUnavailableException } from '@nestjs/common';
import type { AppConfig } from '@pondesk/server-config';
import { DevOutboxService } from './dev-outbox.service';
import { MAIL_NOT_CONFIGURED, MailService, emailChangedMail, signUpAttemptMail } from './mail.service';

/** Just enough SMTP to accept one message and hand its DATA back. */
function fakeSmtp(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let data = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString().split('\r\n')) {
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        if (!line) continue;
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, received }),
    ),
  );
}

const config = (overrides: Partial<AppConfig>): AppConfig =>
  ({ NODE_ENV: 'test', MAIL_FROM: 'PonDesk <no-reply@pondesk.test>', ...overrides }) as AppConfig;

describe('MailService', () => {
  it('sends over SMTP_URL when it is set, and keeps nothing in the outbox', async () => {
    const smtp = await fakeSmtp();
    try {
      const outbox = new DevOutboxService();
      const mail = new MailService(config({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }), outbox);
      await mail.send({
        to: 'owner@isp.test',
        subject: 'Reset',
        text: 'Open https://x/reset',
        link: 'https://x/reset',
      });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatch(/To: owner@isp\.test/);
      expect(smtp.received[0]).toMatch(/Subject: Reset/);
      expect(outbox.read().mails).toEqual([]);
    } finally {
      smtp.server.close();
    }
  });

  it('without SMTP_URL keeps the mail in the development outbox', async () => {
    const outbox = new DevOutboxService();
    await new MailService(config({}), outbox).send({
      to: 'a@b.test',
      subject: 'S',
      text: 'T',
      link: 'http://l',
    });
    expect(outbox.read('A@B.test').mails).toEqual([
      { at: expect.any(String), to: 'a@b.test', subject: 'S', text: 'T', link: 'http://l' },
    ]);
  });

  it('in production without SMTP_URL keeps nothing and refuses instead of pretending the mail went out', async () => {
    const prodOutbox = new DevOutboxService();
    const sending = new MailService(config({ NODE_ENV: 'production' }), prodOutbox).send({
      to: 'a@b.test',
      subject: 'S',
      text: 'T',
      link: 'http://l',
    });
    await expect(sending).rejects.toBeInstanceOf(ServiceUnavailableException);
    await expect(sending).rejects.toThrow(MAIL_NOT_CONFIGURED);
    expect(prodOutbox.read().mails).toEqual([]);
  });

  it('says up front when no mail can go out at all', () => {
    const outbox = new DevOutboxService();
    expect(() => new MailService(config({ NODE_ENV: 'production' }), outbox).assertConfigured()).toThrow(
      MAIL_NOT_CONFIGURED,
    );
    expect(() => new MailService(config({}), outbox).assertConfigured()).not.toThrow();
    expect(() =>
      new MailService(
        config({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1' }),
        outbox,
      ).assertConfigured(),
    ).not.toThrow();
  });

  it('sends in the background without failing the caller; in development the outbox has it at once', () => {
    const outbox = new DevOutboxService();
    new MailService(config({}), outbox).sendInBackground(signUpAttemptMail('owner@isp.test', 'owner'));
    expect(outbox.read('owner@isp.test').mails).toMatchObject([
      { subject: 'Someone tried to create a PonDesk account with your email', link: null },
    ]);
    // Production without SMTP_URL: the refusal is logged by send, not thrown at the caller.
    expect(() =>
      new MailService(config({ NODE_ENV: 'production' }), outbox).sendInBackground(
        emailChangedMail('old@isp.test', 'owner', 'new@isp.test'),
      ),
    ).not.toThrow();
  });
});
