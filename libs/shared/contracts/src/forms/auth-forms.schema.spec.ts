import { VALIDATION_MESSAGES as M } from '../identity/messages';
import {
  changePasswordFormSchema,
  forgotPasswordFormSchema,
  passwordPairSchema,
  registerFormSchema,
  signUpFormSchema,
  CURRENT_PASSWORD_REQUIRED,
} from './auth-forms.schema';
import { formErrors } from './form-errors';

const good = {
  name: 'alice',
  email: 'alice@example.com',
  password: 'longenough',
  passwordConfirmation: 'longenough',
  acceptTerms: true,
};

describe('register form (spec 1 §5)', () => {
  it('accepts a complete form', () => {
    expect(formErrors(registerFormSchema(), good)).toEqual({});
  });

  it('names every missing field with the spec message', () => {
    expect(
      formErrors(registerFormSchema(), {
        name: ' ',
        email: '',
        password: '',
        passwordConfirmation: '',
        acceptTerms: false,
      }),
    ).toEqual({
      name: M.usernameRequired,
      email: M.emailRequired,
      password: M.passwordRequired,
      acceptTerms: M.termsRequired,
    });
  });

  it('checks the email format, the password length and the confirmation', () => {
    expect(formErrors(registerFormSchema(), { ...good, email: 'alice@' }).email).toBe(M.emailInvalid);
    expect(
      formErrors(registerFormSchema(), { ...good, password: 'short', passwordConfirmation: 'short' })
        .password,
    ).toBe(M.passwordTooShort);
    expect(
      formErrors(registerFormSchema(), { ...good, passwordConfirmation: 'different!' }).passwordConfirmation,
    ).toBe(M.passwordsMustMatch);
  });
});

describe('single-field forms', () => {
  it('validates the email of the reset request', () => {
    expect(formErrors(forgotPasswordFormSchema(), { email: ' a@b.co ' })).toEqual({});
    expect(formErrors(forgotPasswordFormSchema(), { email: 'not an email' })).toEqual({
      email: M.emailInvalid,
    });
    expect(formErrors(forgotPasswordFormSchema(), { email: '  ' })).toEqual({ email: M.emailRequired });
  });

  it('validates password pairs, reporting a mismatch together with a missing password', () => {
    expect(
      formErrors(passwordPairSchema(), { password: '12345678', passwordConfirmation: '12345678' }),
    ).toEqual({});
    expect(formErrors(passwordPairSchema(), { password: '', passwordConfirmation: 'x' })).toEqual({
      password: M.passwordRequired,
      passwordConfirmation: M.passwordsMustMatch,
    });
  });

  it('validates the simple sign-up form', () => {
    expect(
      formErrors(signUpFormSchema(), {
        username: 'bob',
        email: 'b@x.io',
        password: '12345678',
        acceptTerms: true,
      }),
    ).toEqual({});
    expect(
      formErrors(signUpFormSchema(), { username: '', email: 'x', password: '1', acceptTerms: false }),
    ).toEqual({
      username: M.usernameRequired,
      email: M.emailInvalid,
      password: M.passwordTooShort,
      acceptTerms: M.termsRequired,
    });
  });

  it('asks for the current password when changing it', () => {
    expect(
      formErrors(changePasswordFormSchema(), {
        currentPassword: '',
        password: 'newpassword',
        passwordConfirmation: 'newpassword',
      }),
    ).toEqual({ currentPassword: CURRENT_PASSWORD_REQUIRED });
  });
});
