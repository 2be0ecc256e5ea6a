import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Link, Stack, TextField, Typography } from '@mui/material';
import { IDENTITY_MESSAGES } from '@pondesk/contracts';
import { ApiError } from '../../../shared/http-client';
import { fieldErrorsOf } from '../../../shared/ui/errors';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { resetPassword } from '../api';
import { AuthCard } from '../components/auth-card';
import { startSession } from '../session-store';
import { hasErrors, passwordErrors, type Errors } from '../validation';

type Field = 'password' | 'passwordConfirmation';

/** Reached from the mailed link: the email and token come from the query string. */
export default function ResetPasswordPage() {
  const toast = useToast();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [values, setValues] = useState({ password: '', passwordConfirmation: '' });
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [loading, setLoading] = useState(false);
  const linkBroken = !email || !token;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = passwordErrors(values.password, values.passwordConfirmation);
    setErrors(found);
    if (hasErrors(found) || linkBroken) return;
    setLoading(true);
    try {
      const auth = await resetPassword({ email, token, ...values });
      toast.success(IDENTITY_MESSAGES.passwordChangedLoggedIn);
      startSession(auth, { next: '/profile' });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(
        error instanceof ApiError && error.status < 500 && error.message
          ? error.message
          : IDENTITY_MESSAGES.resetFailed,
      );
      setLoading(false);
    }
  };

  const field = (key: Field) => ({
    name: key,
    type: 'password',
    autoComplete: 'new-password',
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [key]: e.target.value }));
      setErrors((er) => ({ ...er, [key]: undefined }));
    },
    error: !!errors[key],
    helperText: errors[key],
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
        <TextField label="Password" autoFocus {...field('password')} />
        <TextField label="Re-type Password" {...field('passwordConfirmation')} />
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
