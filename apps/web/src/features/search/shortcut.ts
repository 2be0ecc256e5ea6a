/** The keys that open the search: `/` (unless the user is typing somewhere) or Ctrl/⌘+K anywhere. */
export function isSearchShortcut(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
): boolean {
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') return true;
  const target = e.target as { isContentEditable?: boolean; tagName?: string } | null;
  const typing =
    !!target &&
    (target.isContentEditable === true || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName ?? ''));
  return e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey;
}
