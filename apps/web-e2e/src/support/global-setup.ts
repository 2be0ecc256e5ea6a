import { ensureChromium } from './chromium';
import { startStack, type E2eStack } from './stack';

declare global {
  var __PONDESK_E2E__: E2eStack | undefined;
}

export default async function globalSetup(): Promise<void> {
  ensureChromium();
  const stack = await startStack();
  globalThis.__PONDESK_E2E__ = stack;
  process.env.PONDESK_E2E_BASE_URL = stack.baseUrl;
}
