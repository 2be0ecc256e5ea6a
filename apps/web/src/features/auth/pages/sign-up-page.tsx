import { useState } from 'react';
import { Stack } from '@mui/material';
import { IDENTITY_MESSAGES, signUpFormSchema, type SignUpFormValues } from '@pondesk/contracts';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { showServerErrors, useZodForm } from '../../../shared/forms/use-zod-form';
import { useToast } from '../../../shared/ui/toast';
import { CompanyLinks } from '../../content/components/company-links';
import { signUp } from '../api';
import { authErrorMessage } from '../auth-errors';
import { AuthCard } from '../components/auth-card';
import { NEW_PASSWORD, SignUpActions } from '../components/sign-up-actions';
import { startSession } from '../session-store';

/** The simple sign-up form (spec 1 §2): username, email, password and the terms. */
export const SIGN_UP_FAILED = 'Oops! Something is wrong.';

const EMPTY: SignUpFormValues = { username: '', email: '', password: '', acceptTerms: false };

export default function SignUpPage() {
  const toast = useToast();
  const { control, handleSubmit, setError } = useZodForm(signUpFormSchema, EMPTY);
  const [loading, setLoading] = useState(false);

  const submit = handleSubmit(async (values) => {
    setLoading(true);
    try {
      const auth = await signUp({ ...values, username: values.username.trim(), email: values.email.trim() });
      toast.success(IDENTITY_MESSAGES.registeredSimple);
      startSession(auth, { next: '/dashboard' });
    } catch (error) {
      showServerErrors(setError, error);
      // The spec's one failure message, except where the server says what to change or when to retry.
      toast.error(authErrorMessage(error, { 400: SIGN_UP_FAILED, 500: SIGN_UP_FAILED }, SIGN_UP_FAILED));
      setLoading(false);
    }
  });

  return (
    <AuthCard title="Sign up">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <FormTextField control={control} name="username" label="Username" autoComplete="username" autoFocus />
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
        <FormTextField control={control} name="password" label="Password" {...NEW_PASSWORD} />
        <SignUpActions control={control} loading={loading} />
        <CompanyLinks />
      </Stack>
    </AuthCard>
  );
}
