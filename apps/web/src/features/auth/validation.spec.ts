import { VALIDATION_MESSAGES as M } from '@pondesk/contracts';
import { emailError, hasErrors, passwordErrors, validateRegister, validateSignUp } from './validation';

const good = {
  name: 'alice',
  email: 'alice@example.com',
  password: 'longenough',
  passwordConfirmation: 'longenough',
  acceptTerms: true,
};

describe('register validation (spec 1 §5)', () => {
  it('accepts a complete form', () => {
    expect(validateRegister(good)).toEqual({});
    expect(hasErrors(validateRegister(good))).toBe(false);
  });

  it('names every missing field with the spec message', () => {
    expect(
      validateRegister({ name: ' ', email: '', password: '', passwordConfirmation: '', acceptTerms: false }),
    ).toEqual({
      name: M.usernameRequired,
      email: M.emailRequired,
      password: M.passwordRequired,
      acceptTerms: M.termsRequired,
    });
  });

  it('checks the email format, the password length and the confirmation', () => {
    expect(validateRegister({ ...good, email: 'alice@' }).email).toBe(M.emailInvalid);
    expect(validateRegister({ ...good, password: 'short', passwordConfirmation: 'short' }).password).toBe(
      M.passwordTooShort,
    );
    expect(validateRegister({ ...good, passwordConfirmation: 'different!' }).passwordConfirmation).toBe(
      M.passwordsMustMatch,
    );
  });
});

describe('single-field checks', () => {
  it('validates email and password pairs', () => {
    expect(emailError('a@b.co')).toBeUndefined();
    expect(emailError('not an email')).toBe(M.emailInvalid);
    expect(passwordErrors('12345678', '12345678')).toEqual({});
    expect(passwordErrors('', 'x')).toEqual({
      password: M.passwordRequired,
      passwordConfirmation: M.passwordsMustMatch,
    });
  });

  it('validates the simple sign-up form', () => {
    expect(
      validateSignUp({ username: 'bob', email: 'b@x.io', password: '12345678', acceptTerms: true }),
    ).toEqual({});
    expect(validateSignUp({ username: '', email: 'x', password: '1', acceptTerms: false })).toEqual({
      username: M.usernameRequired,
      email: M.emailInvalid,
      password: M.passwordTooShort,
      acceptTerms: M.termsRequired,
    });
  });
});
