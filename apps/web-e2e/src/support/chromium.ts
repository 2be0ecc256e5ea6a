import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@pondesk/server-testing';

/** Installs Debian's chromium when it is missing; fails with a clear message when that is impossible. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  process.stdout.write(`${CHROMIUM_PATH} is missing; installing Debian's chromium with apt-get…\n`);
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  } catch {
    throw new Error(
      `Chromium is required for the end-to-end tests: install it with 'apt-get install -y chromium' (expected at ${CHROMIUM_PATH})`,
    );
  }
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get finished but ${CHROMIUM_PATH} does not exist`);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}
