import {
  clearRefreshToken,
  readRefreshToken,
  REFRESH_TOKEN_KEY,
  safeRedirect,
  writeRefreshToken,
  type KeyValueStore,
} from './token-storage';

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('refresh token storage', () => {
  it('keeps a remembered token across visits and a tab-only one in the tab', () => {
    const stores = { persistent: memory(), tab: memory() };
    writeRefreshToken(stores, 'r1', true);
    expect(stores.persistent.data.get(REFRESH_TOKEN_KEY)).toBe('r1');
    expect(readRefreshToken(stores)).toEqual({ token: 'r1', remember: true });

    writeRefreshToken(stores, 'r2', false);
    expect(stores.persistent.data.has(REFRESH_TOKEN_KEY)).toBe(false);
    expect(readRefreshToken(stores)).toEqual({ token: 'r2', remember: false });
  });

  it('forgets the token everywhere on sign-out', () => {
    const stores = { persistent: memory(), tab: memory() };
    writeRefreshToken(stores, 'r1', true);
    stores.tab.setItem(REFRESH_TOKEN_KEY, 'stale');
    clearRefreshToken(stores);
    expect(readRefreshToken(stores)).toBeNull();
  });
});

describe('safeRedirect', () => {
  it('accepts paths of this app', () => {
    expect(safeRedirect('/users?page=2')).toBe('/users?page=2');
    expect(safeRedirect('/permissions/abc')).toBe('/permissions/abc');
  });

  it('refuses other hosts, empty values and the sign-in pages themselves', () => {
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil', 'users', '/login?x=1'])
      expect(safeRedirect(bad)).toBeNull();
  });
});
