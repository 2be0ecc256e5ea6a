// The demo's outside services, faked on loopback: the Telegram Bot API, the WhatsApp Cloud API and a webhook
// receiver (so 'Send test' and alerts go somewhere one can look at), and bKash's tokenized checkout with a
// page where one approves or cancels a payment. Started by demo.mjs, which reads the line
// `alert fakes: {json}` and points TELEGRAM_API_URL / WHATSAPP_API_URL / BKASH_BASE_URL at them.
//   node tools/run-ts.cjs tools/demo/alert-fakes.ts [--port <first port>]
import { FakeBkash, FakeTelegram, FakeWebhookReceiver, FakeWhatsApp } from '@pondesk/server-testing';

/** Stable ports when free, so a webhook channel saved in one demo run still reaches the receiver in the next. */
const FIRST_PORT = 18_981;

async function onPort<T>(port: number, start: (port?: number) => Promise<T>): Promise<T> {
  try {
    return await start(port);
  } catch {
    return start();
  }
}

async function main(): Promise<void> {
  const at = process.argv.indexOf('--port');
  const first = at > 0 ? Number(process.argv[at + 1]) : FIRST_PORT;
  const telegram = await onPort(first, (port) => FakeTelegram.start({ port }));
  const whatsapp = await onPort(first + 1, (port) => FakeWhatsApp.start({ port }));
  const webhook = await onPort(first + 2, (port) =>
    FakeWebhookReceiver.start({ port, path: '/hooks/pondesk' }),
  );
  const bkash = await onPort(first + 3, (port) => FakeBkash.start({ port }));
  process.stdout.write(
    `alert fakes: ${JSON.stringify({
      telegram: telegram.url,
      whatsapp: whatsapp.url,
      webhook: webhook.url,
      bkash: bkash.baseUrl,
      bkashOrigin: bkash.origin,
    })}\n`,
  );
  const stop = () => {
    void Promise.all([telegram.stop(), whatsapp.stop(), webhook.stop(), bkash.stop()]).finally(() =>
      process.exit(0),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `alert fakes failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
