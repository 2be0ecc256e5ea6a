import { useCallback, useState } from 'react';

const KEY = 'pondesk.sidebarPinned';

/** Pinned (always shown) or hidden, remembered across visits; pinned by default. */
export function useSidebarPinned(): [boolean, () => void] {
  const [pinned, setPinned] = useState(() => localStorage.getItem(KEY) !== 'false');
  const toggle = useCallback(() => {
    setPinned((p) => {
      localStorage.setItem(KEY, String(!p));
      return !p;
    });
  }, []);
  return [pinned, toggle];
}
