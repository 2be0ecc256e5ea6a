import type { ReactNode } from 'react';
import { Button, CircularProgress, type ButtonProps } from '@mui/material';

/** A submit button that is disabled with a spinner while its request runs (spec 1 §4). */
export function SubmitButton({
  loading,
  children,
  ...props
}: { loading: boolean; children: ReactNode } & Omit<ButtonProps, 'type'>) {
  return (
    <Button
      type="submit"
      variant="contained"
      {...props}
      // After the spread: a caller's `disabled={false}` must not re-enable the button mid-request.
      disabled={loading || props.disabled}
      aria-busy={loading}
      startIcon={loading ? <CircularProgress size={16} color="inherit" /> : props.startIcon}
    >
      {children}
    </Button>
  );
}
