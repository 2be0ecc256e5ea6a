import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Link, Stack, Typography } from '@mui/material';
import { IDENTITY_MESSAGES, forgotPasswordFormSchema } from '@pondesk/contracts';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { showServerErrors, useZodForm } from '../../../shared/forms/use-zod-form';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { forgotPassword } from '../api';
import { authErrorMessage } from '../auth-errors';
import { AuthCard } from '../components/auth-card';

export default function ForgotPasswordPage() {
  const toast = useToast();
  const { control, handleSubmit, setError } = useZodForm(forgotPasswordFormSchema, { email: '' });
  const [loading, setLoading] = useState(false);

  const submit = handleSubmit(async ({ email }) => {
    setLoading(true);
    try {
      const res = await forgotPassword({ email: email.trim() });
      toast.success(res.message || IDENTITY_MESSAGES.resetMailSent);
    } catch (err) {
      showServerErrors(setError, err);
      // The server answers the same for unknown addresses (no account enumeration); a rate limit, an
      // unavailable mailer or no network say so.
      toast.error(authErrorMessage(err, {}, IDENTITY_MESSAGES.resetFailed));
    } finally {
      setLoading(false);
    }
  });

  return (
    <AuthCard title="Reset password">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
        />
        <Typography variant="body2" color="text.secondary">
          You will receive an e-mail in maximum 60 seconds
        </Typography>
        <SubmitButton loading={loading} size="large">
          Send
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
