import { formatCountdown, secondsLeft } from './otp-countdown';

describe('OTP countdown', () => {
  it('shows m:ss from 2:00 down', () => {
    expect(formatCountdown(120)).toBe('2:00');
    expect(formatCountdown(119)).toBe('1:59');
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('counts whole seconds left until the deadline and stops at zero', () => {
    const now = 1_000_000;
    expect(secondsLeft(now + 120_000, now)).toBe(120);
    expect(secondsLeft(now + 119_001, now)).toBe(120);
    expect(secondsLeft(now + 500, now)).toBe(1);
    expect(secondsLeft(now - 1, now)).toBe(0);
    expect(secondsLeft(null, now)).toBe(0);
  });
});
