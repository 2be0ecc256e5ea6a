export default async function globalTeardown(): Promise<void> {
  await globalThis.__PONDESK_E2E__?.stop();
}
