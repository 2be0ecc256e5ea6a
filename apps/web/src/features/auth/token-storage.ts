/**
 * Where the refresh token lives between visits. "Remember me" keeps it in localStorage (survives the
 * browser closing); without it, sessionStorage (this tab only). The access token is never stored.
 */
export const REFRESH_TOKEN_KEY = 'pondesk.refreshToken';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface TokenStores {
  persistent: KeyValueStore;
  tab: KeyValueStore;
}

export function readRefreshToken(stores: TokenStores): { token: string; remember: boolean } | null {
  const tab = stores.tab.getItem(REFRESH_TOKEN_KEY);
  if (tab) return { token: tab, remember: false };
  const persistent = stores.persistent.getItem(REFRESH_TOKEN_KEY);
  return persistent ? { token: persistent, remember: true } : null;
}

export function writeRefreshToken(stores: TokenStores, token: string, remember: boolean): void {
  (remember ? stores.persistent : stores.tab).setItem(REFRESH_TOKEN_KEY, token);
  (remember ? stores.tab : stores.persistent).removeItem(REFRESH_TOKEN_KEY);
}

export function clearRefreshToken(stores: TokenStores): void {
  stores.persistent.removeItem(REFRESH_TOKEN_KEY);
  stores.tab.removeItem(REFRESH_TOKEN_KEY);
}

/** Only same-app paths may be a post-sign-in destination (no `//host` or `https:` open redirects). */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if (/^\/(login|register|sign-up|password\/)/.test(target)) return null;
  return target;
}
