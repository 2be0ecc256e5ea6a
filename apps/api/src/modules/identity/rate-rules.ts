import type { RateRule } from '../../common/rate-limit/rate-limiter.service';

const MINUTES_15 = 15 * 60;

/** Limits of the abuse-prone endpoints. How the sign-in ones work together: `AuthService.login`. */
export const RateRules = {
  /** Sign-in attempts for one account from one address; a success clears it. The one that blocks. */
  loginAttemptsPerAccountAndIp: { name: 'login:acct-ip', max: 5, windowSeconds: MINUTES_15 },
  /** Failed sign-ins from one address across accounts (a success gives its count back). */
  loginFailuresPerIp: { name: 'login:ip', max: 30, windowSeconds: MINUTES_15 },
  /**
   * Failed sign-ins for one account across all addresses (a success gives its count back). Over it,
   * only addresses the account has not signed in from are refused.
   */
  loginFailuresPerAccount: { name: 'login:acct', max: 20, windowSeconds: MINUTES_15 },
  /** Addresses an account signed in from (the `max` most recent, each kept 90 days after its last use). */
  knownLoginAddresses: { name: 'login:known', max: 20, windowSeconds: 90 * 24 * 3600 },
  /** New accounts (sign-up and registration) per address; `max` comes from SIGNUPS_PER_IP_PER_HOUR. */
  signUpsPerIp: { name: 'signup:ip', max: 5, windowSeconds: 3600 },
  /** Current-password confirmations (changing the password or the email) per user; a success clears it. */
  currentPasswordChecksPerAccount: { name: 'current-password:acct', max: 5, windowSeconds: MINUTES_15 },
  resetRequestsPerIp: { name: 'reset:ip', max: 10, windowSeconds: 3600 },
  resetRequestsPerAccount: { name: 'reset:acct', max: 3, windowSeconds: 3600 },
  resetConfirmsPerIp: { name: 'reset-confirm:ip', max: 20, windowSeconds: 3600 },
  otpSendsPerIp: { name: 'otp-send:ip', max: 20, windowSeconds: 3600 },
  otpSendsPerAccount: { name: 'otp-send:acct', max: 5, windowSeconds: 3600 },
  otpChecksPerIp: { name: 'otp-check:ip', max: 30, windowSeconds: MINUTES_15 },
  otpChecksPerAccount: { name: 'otp-check:acct', max: 15, windowSeconds: MINUTES_15 },
} as const satisfies Record<string, RateRule>;
