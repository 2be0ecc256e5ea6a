import { useState } from 'react';
import { Stack } from '@mui/material';
import { IDENTITY_MESSAGES, registerFormSchema, type RegisterFormValues } from '@pondesk/contracts';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { showServerErrors, useZodForm } from '../../../shared/forms/use-zod-form';
import { useToast } from '../../../shared/ui/toast';
import { register } from '../api';
import { authErrorMessage } from '../auth-errors';
import { AuthCard } from '../components/auth-card';
import { NEW_PASSWORD, SignUpActions } from '../components/sign-up-actions';
import { startSession } from '../session-store';

const EMPTY: RegisterFormValues = {
  name: '',
  email: '',
  password: '',
  passwordConfirmation: '',
  acceptTerms: false,
};

/** The full registration form: a new ISP account whose first user is its administrator. */
export default function RegisterPage() {
  const toast = useToast();
  const { control, handleSubmit, setError } = useZodForm(registerFormSchema, EMPTY);
  const [loading, setLoading] = useState(false);

  const submit = handleSubmit(async (values) => {
    setLoading(true);
    try {
      const auth = await register({ ...values, name: values.name.trim(), email: values.email.trim() });
      toast.success(IDENTITY_MESSAGES.registeredFull);
      startSession(auth, { next: '/profile' });
    } catch (error) {
      showServerErrors(setError, error);
      toast.error(authErrorMessage(error, {}, IDENTITY_MESSAGES.resetFailed));
      setLoading(false);
    }
  });

  return (
    <AuthCard title="Register" subtitle="Create your ISP account. You will be its administrator.">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <FormTextField control={control} name="name" label="Username" autoComplete="username" autoFocus />
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
        <FormTextField control={control} name="password" label="Password" {...NEW_PASSWORD} />
        <FormTextField
          control={control}
          name="passwordConfirmation"
          label="Re-type Password"
          {...NEW_PASSWORD}
        />
        <SignUpActions control={control} loading={loading} />
      </Stack>
    </AuthCard>
  );
}
