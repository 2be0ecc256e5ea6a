import {
  afterServerClose,
  MAX_REFUSALS,
  SERVER_CLOSE_RETRY_MAX_MS,
  serverCloseRetryDelay,
  STABLE_MS,
} from './socket';

describe('reconnecting after the server closed the socket', () => {
  it('backs off 1 s, 2 s, 4 s … up to a minute', () => {
    expect([0, 1, 2, 3].map(serverCloseRetryDelay)).toEqual([1000, 2000, 4000, 8000]);
    expect(serverCloseRetryDelay(20)).toBe(SERVER_CLOSE_RETRY_MAX_MS);
  });

  it('reconnects at once when a lasting connection was closed (its token ran out)', () => {
    expect(afterServerClose(3, STABLE_MS + 1)).toEqual({ refusals: 1, delayMs: 0 });
  });

  it('waits longer on each refusal in a row and gives up after a few', () => {
    let refusals = 0;
    const delays: (number | null)[] = [];
    for (let i = 0; i < MAX_REFUSALS + 1; i++) {
      const next = afterServerClose(refusals, i === 0 ? null : 50);
      refusals = next.refusals;
      delays.push(next.delayMs);
    }
    expect(delays).toEqual([0, 1000, 2000, 4000, null]);
  });
});
