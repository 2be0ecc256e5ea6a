import { hmacSha256, randomToken, sixDigitCode } from './tokens';

describe('crypto helpers', () => {
  it('makes 32-byte tokens and 6-digit codes', () => {
    expect(Buffer.from(randomToken(), 'base64url')).toHaveLength(32);
    expect(randomToken()).not.toBe(randomToken());
    for (let i = 0; i < 200; i++) expect(sixDigitCode()).toMatch(/^\d{6}$/);
  });

  it('keys the OTP hash', () => {
    expect(hmacSha256('a', '123456')).not.toBe(hmacSha256('b', '123456'));
  });
});
