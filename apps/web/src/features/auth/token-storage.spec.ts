import {
  clearSessionHint,
  hasSessionHint,
  LEGACY_REFRESH_TOKEN_KEY,
  markSession,
  safeRedirect,
  scrubLegacyRefreshToken,
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

describe('session hint (the refresh token itself is an httpOnly cookie)', () => {
  it('stores only a flag, and forgets it on sign-out', () => {
    const stores = { persistent: memory(), tab: memory() };
    expect(hasSessionHint(stores)).toBe(false);
    markSession(stores);
    expect(hasSessionHint(stores)).toBe(true);
    expect([...stores.persistent.data.values(), ...stores.tab.data.values()]).toEqual(['1']);
    clearSessionHint(stores);
    expect(hasSessionHint(stores)).toBe(false);
  });

  it('scrubs a refresh token an earlier version left in either storage', () => {
    const stores = { persistent: memory(), tab: memory() };
    stores.persistent.setItem(LEGACY_REFRESH_TOKEN_KEY, 'r1');
    stores.tab.setItem(LEGACY_REFRESH_TOKEN_KEY, 'r2');
    scrubLegacyRefreshToken(stores);
    expect(stores.persistent.data.has(LEGACY_REFRESH_TOKEN_KEY)).toBe(false);
    expect(stores.tab.data.has(LEGACY_REFRESH_TOKEN_KEY)).toBe(false);
    // That browser was signed in: its cookie (if any) gets a chance.
    expect(hasSessionHint(stores)).toBe(true);
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
