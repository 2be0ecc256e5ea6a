import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, FormControlLabel, Link, Stack, Switch, TextField, Typography } from '@mui/material';
import { IDENTITY_MESSAGES } from '@pondesk/contracts';
import { ApiError } from '../../../shared/http-client';
import { homePath } from '../../../shared/navigation';
import { CompanyLinks } from '../../content/components/company-links';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { login } from '../api';
import {
  authErrorMessage,
  lockoutMessage,
  loginErrors,
  retryAfterOf,
  type LoginErrors,
} from '../auth-errors';
import { AuthCard } from '../components/auth-card';
import { startSession } from '../session-store';
import { safeRedirect } from '../token-storage';

/** Seconds left until `until` (a Date.now() instant), ticking once a second; 0 when past or unset. */
function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * Sign-in checks only that both fields are filled (plain state: react-hook-form and zod would add
 * KBs to the budgeted sign-in route). A rate limit shows as a countdown above the button, which stays
 * disabled until it ends; failures queue as toasts, so a lockout must not wait behind them.
 */
export default function LoginPage() {
  const toast = useToast();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [loading, setLoading] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const [lockMessage, setLockMessage] = useState<string | null>(null);
  const secondsLeft = useSecondsLeft(lockedUntil);
  const locked = lockedUntil !== null && secondsLeft > 0;
  useEffect(() => {
    if (lockedUntil !== null && secondsLeft === 0) setLockedUntil(null);
  }, [lockedUntil, secondsLeft]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (locked || loading) return;
    const found = loginErrors(username, password);
    setErrors(found);
    if (found.username || found.password) {
      document.getElementById(found.username ? 'login-username' : 'login-password')?.focus();
      return;
    }
    setLockedUntil(null);
    setLockMessage(null);
    setLoading(true);
    try {
      const auth = await login({ username: username.trim(), password }, { remember });
      startSession(auth, {
        next:
          safeRedirect(params.get('redirect')) ??
          homePath(auth.user.permissions, { platformAdmin: auth.user.isPlatformAdmin }),
      });
    } catch (error) {
      setLoading(false);
      const wait = retryAfterOf(error);
      if (error instanceof ApiError && error.status === 429) {
        // Without a time the server's message stands alone, and the button is not held.
        if (wait !== null) setLockedUntil(Date.now() + wait * 1000);
        else setLockMessage(error.message);
        return;
      }
      if (error instanceof ApiError && error.status === 400) {
        const fields = error.fields;
        setErrors({ username: fields.username, password: fields.password });
      }
      // 401 is the spec's message; every other failure says what it is.
      toast.error(
        authErrorMessage(error, { 401: IDENTITY_MESSAGES.invalidCredentials }, IDENTITY_MESSAGES.resetFailed),
      );
    }
  };

  return (
    <AuthCard title="Sign in" subtitle="Enter your user name or email and your password.">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        {(locked || lockMessage) && (
          <Alert severity="error" role="alert" data-testid="login-lockout">
            {locked ? lockoutMessage(secondsLeft) : lockMessage}
          </Alert>
        )}
        <TextField
          id="login-username"
          label="User Name"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => {
            setUsername(e.target.value);
            if (errors.username) setErrors((x) => ({ ...x, username: undefined }));
          }}
          error={!!errors.username}
          helperText={errors.username}
          autoFocus
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        <TextField
          id="login-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (errors.password) setErrors((x) => ({ ...x, password: undefined }));
          }}
          error={!!errors.password}
          helperText={errors.password}
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
        <SubmitButton loading={loading} disabled={locked} size="large">
          Sign in
        </SubmitButton>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          Don&apos;t have an account?{' '}
          <Link component={RouterLink} to="/register">
            Sign up
          </Link>
        </Typography>
        <CompanyLinks />
      </Stack>
    </AuthCard>
  );
}
