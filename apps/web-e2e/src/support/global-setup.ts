import { databaseUrlFor, freePort } from '@pondesk/server-testing';
import { ensureChromium } from './chromium';
import { startStack, type E2eStack } from './stack';

declare global {
  var __PONDESK_E2E__: E2eStack | undefined;
}

export default async function globalSetup(): Promise<void> {
  ensureChromium();
  // The worker's syslog receiver listens on loopback: the simulated devices of a test send to it.
  const syslogPort = await freePort();
  // The worker's prober is on: the IP monitor's cards show live latency (of loopback addresses).
  const stack = await startStack({
    SYSLOG_PORT: String(syslogPort),
    SYSLOG_HOST: '127.0.0.1',
    PING_ENABLED: 'true',
  });
  globalThis.__PONDESK_E2E__ = stack;
  process.env.PONDESK_E2E_BASE_URL = stack.baseUrl;
  process.env.PONDESK_E2E_DATABASE_URL = databaseUrlFor(stack.databaseName);
  process.env.PONDESK_E2E_SYSLOG_PORT = String(syslogPort);
}
