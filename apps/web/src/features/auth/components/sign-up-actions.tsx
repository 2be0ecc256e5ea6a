import { Link as RouterLink } from 'react-router-dom';
import { Link, Typography } from '@mui/material';
import type { Control, FieldValues } from 'react-hook-form';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { TermsCheckbox } from './terms-checkbox';

/** Browsers offer to generate and save a new password for these inputs. */
export const NEW_PASSWORD = { type: 'password', autoComplete: 'new-password' } as const;

/** The end of both sign-up forms: the terms, the button, and the way to sign in instead. */
export function SignUpActions<T extends FieldValues & { acceptTerms: boolean }>({
  control,
  loading,
}: {
  control: Control<T>;
  loading: boolean;
}) {
  return (
    <>
      <TermsCheckbox control={control} />
      <SubmitButton loading={loading} size="large">
        Sign up
      </SubmitButton>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/login">
          Sign in
        </Link>
      </Typography>
    </>
  );
}
