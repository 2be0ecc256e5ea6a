import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionState } from './session-store';

/** The current session; re-renders on sign-in, sign-out and permission changes. */
export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);
}
