import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Link, Stack, TextField, Typography } from '@mui/material';
import { IDENTITY_MESSAGES } from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { register } from '../api';
import { AuthCard } from '../components/auth-card';
import { TermsCheckbox } from '../components/terms-checkbox';
import { startSession } from '../session-store';
import { hasErrors, validateRegister, type Errors, type RegisterValues } from '../validation';

/** The full registration form: a new ISP account whose first user is its administrator. */
export default function RegisterPage() {
  const toast = useToast();
  const [values, setValues] = useState<RegisterValues>({
    name: '',
    email: '',
    password: '',
    passwordConfirmation: '',
    acceptTerms: false,
  });
  const [errors, setErrors] = useState<Errors<keyof RegisterValues>>({});
  const [loading, setLoading] = useState(false);
  const set = <K extends keyof RegisterValues>(key: K, value: RegisterValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateRegister(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setLoading(true);
    try {
      const auth = await register({ ...values, name: values.name.trim(), email: values.email.trim() });
      toast.success(IDENTITY_MESSAGES.registeredFull);
      startSession(auth, { next: '/profile' });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(messageOf(error, IDENTITY_MESSAGES.emailTaken));
      setLoading(false);
    }
  };

  const field = (key: 'name' | 'email' | 'password' | 'passwordConfirmation') => ({
    name: key,
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
    error: !!errors[key],
    helperText: errors[key],
  });

  return (
    <AuthCard title="Register" subtitle="Create your ISP account. You will be its administrator.">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <TextField label="Username" autoComplete="username" autoFocus {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" {...field('password')} />
        <TextField
          label="Re-type Password"
          type="password"
          autoComplete="new-password"
          {...field('passwordConfirmation')}
        />
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
