/*
 * Starts resuming the session while the app's code is still on its way. A visitor who signed in on this
 * browser otherwise waits for the whole bundle before the refresh call even begins. The app takes the
 * answer over (takeEarlyRefresh in session-store.ts) instead of sending a refresh of its own; the call
 * holds the same Web Lock as the app's refreshes, so tabs still refresh one at a time. Plain script, no
 * build step: session-store.spec.ts runs it against the app's own refresh expectations.
 */
(() => {
  'use strict';
  let signedIn = false;
  try {
    signedIn = window.localStorage.getItem('pondesk.session') === '1';
  } catch {
    return;
  }
  if (!signedIn || typeof window.fetch !== 'function') return;
  const call = () =>
    window.fetch('/api/v1/auth/refresh', {
      method: 'POST',
      headers: { Accept: 'application/json', 'x-requested-with': 'pondesk' },
      credentials: 'same-origin',
    });
  const locks = window.navigator.locks;
  const early = locks ? locks.request('pondesk-refresh', call) : call();
  // Nobody may take it over (the app failed to start): never an unhandled rejection.
  early.catch(() => undefined);
  window.__pondeskEarlyRefresh = early;
})();
