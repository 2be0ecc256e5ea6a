import { VALIDATION_MESSAGES as M } from '@pondesk/contracts';

/** Client-side checks of spec 1 §5, with the same messages the server answers with. */
export type Errors<K extends string> = Partial<Record<K, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 8;

export function emailError(email: string): string | undefined {
  if (!email.trim()) return M.emailRequired;
  if (!EMAIL.test(email.trim())) return M.emailInvalid;
  return undefined;
}

export function passwordErrors(
  password: string,
  confirmation: string,
): Errors<'password' | 'passwordConfirmation'> {
  const errors: Errors<'password' | 'passwordConfirmation'> = {};
  if (!password) errors.password = M.passwordRequired;
  else if (password.length < PASSWORD_MIN) errors.password = M.passwordTooShort;
  if (confirmation !== password) errors.passwordConfirmation = M.passwordsMustMatch;
  return errors;
}

export interface RegisterValues {
  name: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  acceptTerms: boolean;
}

export function validateRegister(v: RegisterValues): Errors<keyof RegisterValues> {
  const errors: Errors<keyof RegisterValues> = { ...passwordErrors(v.password, v.passwordConfirmation) };
  if (!v.name.trim()) errors.name = M.usernameRequired;
  const email = emailError(v.email);
  if (email) errors.email = email;
  if (!v.acceptTerms) errors.acceptTerms = M.termsRequired;
  return errors;
}

export interface SignUpValues {
  username: string;
  email: string;
  password: string;
  acceptTerms: boolean;
}

/** The spec shows no checks for the simple form; the server's rules (same messages) still apply. */
export function validateSignUp(v: SignUpValues): Errors<keyof SignUpValues> {
  const errors: Errors<keyof SignUpValues> = {};
  if (!v.username.trim()) errors.username = M.usernameRequired;
  const email = emailError(v.email);
  if (email) errors.email = email;
  if (!v.password) errors.password = M.passwordRequired;
  else if (v.password.length < PASSWORD_MIN) errors.password = M.passwordTooShort;
  if (!v.acceptTerms) errors.acceptTerms = M.termsRequired;
  return errors;
}

export const hasErrors = (errors: object): boolean => Object.values(errors).some(Boolean);
