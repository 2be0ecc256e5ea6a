import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { configureHttpClient } from './shared/http-client';
import {
  clearSession,
  getAccessToken,
  maySignInSilently,
  refreshSession,
  restoreSession,
  sessionStore,
} from './features/auth/session-store';
import { AppProviders, queryClient } from './app/providers';
import { preloadSignedInScreen, router } from './app/routes';

// A 401 that a refresh cannot cure ends the session; the route guard then sends the user to
// /login?redirect=<where they were>.
configureHttpClient({
  token: getAccessToken,
  refresh: refreshSession,
  onUnauthorized: () => {
    clearSession();
    queryClient.clear();
  },
});
const silent = maySignInSilently();
const restored = restoreSession();
if (silent)
  preloadSignedInScreen(
    window.location.pathname,
    restored.then(() => sessionStore.getState().user),
    queryClient,
  );

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
