import './zod-jitless';
import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from '../identity/messages';
import { PASSWORD_MIN } from '../validation/patterns';
import { emailText, requiredText } from './field-rules';

/**
 * The identity forms of spec 1 §5, with the same messages the server answers with. Each schema is
 * built on call (and so tree-shaken when unused): the sign-in route must not carry zod.
 */

/** A new password as typed (never trimmed). */
const newPassword = () =>
  z.string().superRefine((s, ctx) => {
    if (!s) ctx.addIssue({ code: 'custom', message: M.passwordRequired });
    else if (s.length < PASSWORD_MIN) ctx.addIssue({ code: 'custom', message: M.passwordTooShort });
  });

const acceptTerms = () => z.boolean().refine((accepted) => accepted, M.termsRequired);

/** The confirmation is checked even while other fields are wrong: every message shows at once. */
const confirmed = <T extends { password: string; passwordConfirmation: string }>(
  v: T,
  ctx: z.RefinementCtx,
): void => {
  if (v.passwordConfirmation !== v.password)
    ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: M.passwordsMustMatch });
};

/** A new password typed twice (the reset form). */
export const passwordPairSchema = () =>
  z.object({ password: newPassword(), passwordConfirmation: z.string() }).superRefine(confirmed);
export type PasswordPairValues = z.input<ReturnType<typeof passwordPairSchema>>;

/** The full registration form: a new ISP account whose first user is its administrator. */
export const registerFormSchema = () =>
  z
    .object({
      name: requiredText(M.usernameRequired),
      email: emailText(),
      password: newPassword(),
      passwordConfirmation: z.string(),
      acceptTerms: acceptTerms(),
    })
    .superRefine(confirmed);
export type RegisterFormValues = z.input<ReturnType<typeof registerFormSchema>>;

/** The simple sign-up form (spec 1 §2): username, email, password and the terms. */
export const signUpFormSchema = () =>
  z.object({
    username: requiredText(M.usernameRequired),
    email: emailText(),
    password: newPassword(),
    acceptTerms: acceptTerms(),
  });
export type SignUpFormValues = z.input<ReturnType<typeof signUpFormSchema>>;

export const forgotPasswordFormSchema = () => z.object({ email: emailText() });
export type ForgotPasswordFormValues = z.input<ReturnType<typeof forgotPasswordFormSchema>>;

export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password';

/** Changing one's own password from the profile. */
export const changePasswordFormSchema = () =>
  z
    .object({
      currentPassword: z.string().min(1, CURRENT_PASSWORD_REQUIRED),
      password: newPassword(),
      passwordConfirmation: z.string(),
    })
    .superRefine(confirmed);
export type ChangePasswordFormValues = z.input<ReturnType<typeof changePasswordFormSchema>>;
