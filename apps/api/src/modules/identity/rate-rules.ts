import type { RateRule } from '../../common/rate-limit/rate-limiter.service';

/** Limits of the abuse-prone endpoints; each is counted per IP and per account. */
export const RateRules = {
  /** Failed sign-ins only, so an office of staff behind one address is not locked out by successes. */
  loginFailuresPerIp: { name: 'login-fail:ip', max: 30, windowSeconds: 15 * 60 },
  loginFailuresPerAccount: { name: 'login-fail:acct', max: 5, windowSeconds: 15 * 60 },
  resetRequestsPerIp: { name: 'reset:ip', max: 10, windowSeconds: 3600 },
  resetRequestsPerAccount: { name: 'reset:acct', max: 3, windowSeconds: 3600 },
  resetConfirmsPerIp: { name: 'reset-confirm:ip', max: 20, windowSeconds: 3600 },
  otpSendsPerIp: { name: 'otp-send:ip', max: 20, windowSeconds: 3600 },
  otpSendsPerAccount: { name: 'otp-send:acct', max: 5, windowSeconds: 3600 },
  otpChecksPerIp: { name: 'otp-check:ip', max: 30, windowSeconds: 15 * 60 },
  otpChecksPerAccount: { name: 'otp-check:acct', max: 15, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateRule>;
