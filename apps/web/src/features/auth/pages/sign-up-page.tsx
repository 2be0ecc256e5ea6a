import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Link, Stack, TextField, Typography } from '@mui/material';
import { IDENTITY_MESSAGES } from '@pondesk/contracts';
import { ApiError } from '../../../shared/http-client';
import { fieldErrorsOf } from '../../../shared/ui/errors';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { signUp } from '../api';
import { AuthCard } from '../components/auth-card';
import { TermsCheckbox } from '../components/terms-checkbox';
import { startSession } from '../session-store';
import { hasErrors, validateSignUp, type Errors, type SignUpValues } from '../validation';

/** The simple sign-up form (spec 1 §2): username, email, password and the terms. */
export const SIGN_UP_FAILED = 'Oops! Something is wrong.';

export default function SignUpPage() {
  const toast = useToast();
  const [values, setValues] = useState<SignUpValues>({
    username: '',
    email: '',
    password: '',
    acceptTerms: false,
  });
  const [errors, setErrors] = useState<Errors<keyof SignUpValues>>({});
  const [loading, setLoading] = useState(false);
  const set = <K extends keyof SignUpValues>(key: K, value: SignUpValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateSignUp(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setLoading(true);
    try {
      const auth = await signUp({ ...values, username: values.username.trim(), email: values.email.trim() });
      toast.success(IDENTITY_MESSAGES.registeredSimple);
      startSession(auth, { next: '/dashboard' });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(error instanceof ApiError && error.status === 409 ? error.message : SIGN_UP_FAILED);
      setLoading(false);
    }
  };

  const field = (key: 'username' | 'email' | 'password') => ({
    name: key,
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
    error: !!errors[key],
    helperText: errors[key],
  });

  return (
    <AuthCard title="Sign up">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <TextField label="Username" autoComplete="username" autoFocus {...field('username')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" {...field('password')} />
        <TermsCheckbox
          checked={values.acceptTerms}
          onChange={(c) => set('acceptTerms', c)}
          error={errors.acceptTerms}
        />
        <SubmitButton loading={loading} size="large">
          Sign up
        </SubmitButton>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login">
            Sign in
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
