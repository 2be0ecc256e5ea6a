import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Link, Stack, TextField, Typography } from '@mui/material';
import { IDENTITY_MESSAGES } from '@pondesk/contracts';
import { ApiError } from '../../../shared/http-client';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { forgotPassword } from '../api';
import { AuthCard } from '../components/auth-card';
import { emailError } from '../validation';

export default function ForgotPasswordPage() {
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = emailError(email);
    setError(invalid);
    if (invalid) return;
    setLoading(true);
    try {
      const res = await forgotPassword({ email: email.trim() });
      toast.success(res.message || IDENTITY_MESSAGES.resetMailSent);
    } catch (err) {
      const fieldError = err instanceof ApiError ? err.fields.email : undefined;
      setError(fieldError);
      toast.error(
        err instanceof ApiError && err.status !== 404 && err.status < 500
          ? err.message
          : IDENTITY_MESSAGES.emailNotRegistered,
      );
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthCard title="Reset password">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          autoFocus
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(undefined);
          }}
          error={!!error}
          helperText={error}
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
