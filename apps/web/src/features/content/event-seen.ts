/** The part of the Web Storage API this uses (localStorage in the browser). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Update events a user closed while the 'seen' call failed, per user id: the next page load sends the
 * call again instead of showing the popup a second time.
 */
export const EVENT_SEEN_RETRY_KEY = 'pondesk.eventSeenRetry';
const MAX_PER_USER = 20;

type Pending = Record<string, string[]>;

function read(store: KeyValueStore): Pending {
  try {
    const value: unknown = JSON.parse(store.getItem(EVENT_SEEN_RETRY_KEY) ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const pending: Pending = {};
    for (const [user, ids] of Object.entries(value))
      if (Array.isArray(ids)) pending[user] = ids.filter((id): id is string => typeof id === 'string');
    return pending;
  } catch {
    return {};
  }
}

function write(store: KeyValueStore, pending: Pending): void {
  try {
    const users = Object.keys(pending).filter((u) => pending[u].length);
    if (!users.length) store.removeItem(EVENT_SEEN_RETRY_KEY);
    else
      store.setItem(
        EVENT_SEEN_RETRY_KEY,
        JSON.stringify(Object.fromEntries(users.map((u) => [u, pending[u]]))),
      );
  } catch {
    // Storage full or blocked: the popup shows again next load, which is the honest fallback.
  }
}

export const isSeenPending = (store: KeyValueStore, userId: string, eventId: string): boolean =>
  (read(store)[userId] ?? []).includes(eventId);

export function addSeenPending(store: KeyValueStore, userId: string, eventId: string): void {
  const pending = read(store);
  const ids = (pending[userId] ?? []).filter((id) => id !== eventId);
  pending[userId] = [...ids, eventId].slice(-MAX_PER_USER);
  write(store, pending);
}

export function removeSeenPending(store: KeyValueStore, userId: string, eventId: string): void {
  const pending = read(store);
  if (!pending[userId]) return;
  pending[userId] = pending[userId].filter((id) => id !== eventId);
  write(store, pending);
}
