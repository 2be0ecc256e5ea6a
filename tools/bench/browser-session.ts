import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, REPO_ROOT } from '@pondesk/server-testing';

/** The web app's localStorage key saying a session may exist (apps/web features/auth/token-storage.ts). */
const SESSION_HINT_KEY = 'pondesk.session';

/** The web app built as a release builds it, into `outDir` (its own folder: a build elsewhere is left alone). */
export async function buildWebApp(outDir: string): Promise<void> {
  await promisify(execFile)(
    'npx',
    ['vite', 'build', '--config', 'apps/web/vite.config.mts', '--outDir', outDir, '--emptyOutDir'],
    { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 },
  );
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

/**
 * A new browser context (empty cache) holding what a returning user's browser holds: the refresh cookie
 * of a sign-in made through the context's own request client (it shares the context's cookies) and the
 * web app's hint that a session exists. Pages opened in it start signed in.
 */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  account: { username: string; password: string },
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 860 } });
  try {
    const login = await context.request.post('/api/v1/auth/login', {
      data: { username: account.username, password: account.password },
    });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()} ${await login.text()}`);
    await context.addInitScript({
      content: `localStorage.setItem(${JSON.stringify(SESSION_HINT_KEY)}, '1');`,
    });
    return context;
  } catch (error) {
    await context.close();
    throw error;
  }
}
