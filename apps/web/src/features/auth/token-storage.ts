/**
 * The refresh token is never where a script can read it: the API keeps it in an httpOnly cookie. What
 * the browser storage holds is only a hint that a session may exist (so a guest's page load does not ask
 * the server), never a token.
 */
export const SESSION_HINT_KEY = 'pondesk.session';

/** Where earlier versions kept the refresh token; scrubbed on load. */
export const LEGACY_REFRESH_TOKEN_KEY = 'pondesk.refreshToken';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface TokenStores {
  persistent: KeyValueStore;
  tab: KeyValueStore;
}

/** Whether a sign-in happened in this browser since the last sign-out (the cookie decides if it still holds). */
export function hasSessionHint(stores: TokenStores): boolean {
  return stores.persistent.getItem(SESSION_HINT_KEY) === '1';
}

export function markSession(stores: TokenStores): void {
  stores.persistent.setItem(SESSION_HINT_KEY, '1');
}

export function clearSessionHint(stores: TokenStores): void {
  stores.persistent.removeItem(SESSION_HINT_KEY);
}

/**
 * Removes a refresh token an earlier version stored in localStorage or sessionStorage; a browser that had
 * one is treated as possibly signed in (its cookie, if any, decides).
 */
export function scrubLegacyRefreshToken(stores: TokenStores): void {
  const had =
    stores.persistent.getItem(LEGACY_REFRESH_TOKEN_KEY) !== null ||
    stores.tab.getItem(LEGACY_REFRESH_TOKEN_KEY) !== null;
  stores.persistent.removeItem(LEGACY_REFRESH_TOKEN_KEY);
  stores.tab.removeItem(LEGACY_REFRESH_TOKEN_KEY);
  if (had) markSession(stores);
}

/** Only same-app paths may be a post-sign-in destination (no `//host` or `https:` open redirects). */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if (/^\/(login|register|sign-up|password\/)/.test(target)) return null;
  return target;
}
