import { isSearchShortcut } from './shortcut';

const key = (
  k: string,
  over: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; target: unknown }> = {},
) =>
  ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target: { tagName: 'BODY' },
    ...over,
  }) as unknown as KeyboardEvent;

describe('the search shortcut', () => {
  it('opens on / outside text fields and on Ctrl+K or ⌘K anywhere', () => {
    expect(isSearchShortcut(key('/'))).toBe(true);
    expect(isSearchShortcut(key('k', { ctrlKey: true, target: { tagName: 'INPUT' } }))).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true }))).toBe(true);
  });

  it('leaves / alone while the user types, and other keys always', () => {
    expect(isSearchShortcut(key('/', { target: { tagName: 'INPUT' } }))).toBe(false);
    expect(isSearchShortcut(key('/', { target: { tagName: 'DIV', isContentEditable: true } }))).toBe(false);
    expect(isSearchShortcut(key('/', { altKey: true }))).toBe(false);
    expect(isSearchShortcut(key('k'))).toBe(false);
  });
});
