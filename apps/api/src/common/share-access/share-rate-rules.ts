import type { RateRule } from '../rate-limit/rate-limiter.service';

/** Limits of the share links' public side (HTTP routes and sockets alike). */
export const ShareRateRules = {
  /**
   * Tokens tried from one address that turned out unknown, revoked or expired (a valid one gives its
   * count back). Counted before the look-up, so guessing stops here whatever is guessed.
   */
  failuresPerIp: { name: 'share:fail-ip', max: 30, windowSeconds: 15 * 60 },
  /** Requests with one link: a wall screen refreshing every few seconds stays far below. */
  requestsPerToken: { name: 'share:token', max: 600, windowSeconds: 60 },
  /** Requests with valid links from one address (an office of viewers behind one address). */
  requestsPerIp: { name: 'share:ip', max: 1200, windowSeconds: 60 },
  /**
   * Typed tokens set by one user: a typed text already in use is refused, which would otherwise let a
   * signed-in user test guesses of other links' tokens.
   */
  typedTokensPerUser: { name: 'share:typed', max: 20, windowSeconds: 3600 },
} as const satisfies Record<string, RateRule>;
