import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { FormControlLabel, Link, Stack, Switch, TextField, Typography } from '@mui/material';
import { IDENTITY_MESSAGES } from '@pondesk/contracts';
import { ApiError } from '../../../shared/http-client';
import { homePath } from '../../../shared/navigation';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { login } from '../api';
import { AuthCard } from '../components/auth-card';
import { startSession } from '../session-store';
import { safeRedirect } from '../token-storage';

/**
 * Sign-in has no checks in the browser (a wrong or empty pair gets the server's one answer), so it
 * keeps plain state: react-hook-form would add 13 KB gzip to the budgeted sign-in route for nothing.
 */
export default function LoginPage() {
  const toast = useToast();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [loading, setLoading] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setLoading(true);
    try {
      const auth = await login({ username: username.trim(), password });
      startSession(auth, {
        remember,
        next: safeRedirect(params.get('redirect')) ?? homePath(auth.user.permissions),
      });
    } catch (error) {
      // 401 is the spec's message; a rate limit or a held account says so in the server's words.
      toast.error(
        error instanceof ApiError && error.status !== 401 && error.status < 500
          ? error.message
          : IDENTITY_MESSAGES.invalidCredentials,
      );
      setLoading(false);
    }
  };

  return (
    <AuthCard title="Sign in" subtitle="Enter your user name or email and your password.">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <TextField
          label="User Name"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoFocus
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 128 } }}
        />
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <FormControlLabel
            control={<Switch checked={remember} onChange={(e) => setRemember(e.target.checked)} />}
            label="Remember me"
          />
          <Link component={RouterLink} to="/password/email" variant="body2">
            Forgot password?
          </Link>
        </Stack>
        <SubmitButton loading={loading} size="large">
          Sign in
        </SubmitButton>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          Don&apos;t have an account?{' '}
          <Link component={RouterLink} to="/register">
            Sign up
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
