import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Link, Stack, Typography } from '@mui/material';
import { IDENTITY_MESSAGES, passwordPairSchema } from '@pondesk/contracts';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { showServerErrors, useZodForm } from '../../../shared/forms/use-zod-form';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { resetPassword } from '../api';
import { authErrorMessage } from '../auth-errors';
import { AuthCard } from '../components/auth-card';
import { NEW_PASSWORD } from '../components/sign-up-actions';
import { startSession } from '../session-store';

/** Reached from the mailed link: the email and token come from the query string. */
export default function ResetPasswordPage() {
  const toast = useToast();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const { control, handleSubmit, setError } = useZodForm(passwordPairSchema, {
    password: '',
    passwordConfirmation: '',
  });
  const [loading, setLoading] = useState(false);
  const linkBroken = !email || !token;

  const submit = handleSubmit(async (values) => {
    if (linkBroken) return;
    setLoading(true);
    try {
      const auth = await resetPassword({ email, token, ...values });
      toast.success(IDENTITY_MESSAGES.passwordChangedLoggedIn);
      startSession(auth, { next: '/profile' });
    } catch (error) {
      showServerErrors(setError, error);
      toast.error(
        authErrorMessage(error, { 500: IDENTITY_MESSAGES.resetFailed }, IDENTITY_MESSAGES.resetFailed),
      );
      setLoading(false);
    }
  });

  return (
    <AuthCard title="Change password" subtitle={email ? `For ${email}` : undefined}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        {linkBroken && (
          <Alert severity="error">
            {IDENTITY_MESSAGES.resetLinkInvalid}{' '}
            <Link component={RouterLink} to="/password/email">
              Ask for a new link
            </Link>
          </Alert>
        )}
        <FormTextField control={control} name="password" label="Password" {...NEW_PASSWORD} autoFocus />
        <FormTextField
          control={control}
          name="passwordConfirmation"
          label="Re-type Password"
          {...NEW_PASSWORD}
        />
        <SubmitButton loading={loading} size="large" disabled={linkBroken}>
          Change
        </SubmitButton>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to="/login">
            Back to sign in
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
