import type { KeyValueStore } from './event-seen';
import { addSeenPending, EVENT_SEEN_RETRY_KEY, isSeenPending, removeSeenPending } from './event-seen';

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => (k in data ? data[k] : null),
    setItem: (k, v) => {
      data[k] = v;
    },
    removeItem: (k) => {
      delete data[k];
    },
  };
}

describe('update events closed while the seen call failed', () => {
  it('remembers them per user until the call succeeds', () => {
    const store = memoryStore();
    addSeenPending(store, 'user-a', 'event-1');
    expect(isSeenPending(store, 'user-a', 'event-1')).toBe(true);
    expect(isSeenPending(store, 'user-b', 'event-1')).toBe(false);
    expect(JSON.parse(store.data[EVENT_SEEN_RETRY_KEY])).toEqual({ 'user-a': ['event-1'] });

    addSeenPending(store, 'user-a', 'event-1');
    addSeenPending(store, 'user-b', 'event-2');
    expect(JSON.parse(store.data[EVENT_SEEN_RETRY_KEY])).toEqual({
      'user-a': ['event-1'],
      'user-b': ['event-2'],
    });

    removeSeenPending(store, 'user-a', 'event-1');
    removeSeenPending(store, 'user-b', 'event-2');
    expect(isSeenPending(store, 'user-a', 'event-1')).toBe(false);
    expect(store.data).toEqual({});
  });

  it('ignores what it cannot read', () => {
    const store = memoryStore({ [EVENT_SEEN_RETRY_KEY]: '{not json' });
    expect(isSeenPending(store, 'user-a', 'event-1')).toBe(false);
    addSeenPending(store, 'user-a', 'event-1');
    expect(JSON.parse(store.data[EVENT_SEEN_RETRY_KEY])).toEqual({ 'user-a': ['event-1'] });
    const odd = memoryStore({ [EVENT_SEEN_RETRY_KEY]: '{"user-a":"event-1","user-b":[3,"event-2"]}' });
    expect(isSeenPending(odd, 'user-a', 'event-1')).toBe(false);
    expect(isSeenPending(odd, 'user-b', 'event-2')).toBe(true);
  });

  it('keeps at most the last 20 of a user', () => {
    const store = memoryStore();
    for (let i = 1; i <= 22; i += 1) addSeenPending(store, 'user-a', `event-${i}`);
    expect(isSeenPending(store, 'user-a', 'event-1')).toBe(false);
    expect(isSeenPending(store, 'user-a', 'event-2')).toBe(false);
    expect(isSeenPending(store, 'user-a', 'event-3')).toBe(true);
    expect(isSeenPending(store, 'user-a', 'event-22')).toBe(true);
  });
});
