import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { SubmitButton } from '../../../shared/ui/submit-button';
import type { FormErrors } from '../form-errors';

/** A form's values and messages; changing a field takes its message away until the next submit. */
export function useFormValues<V extends object>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors<Extract<keyof V, string>>>({});
  const set = <K extends Extract<keyof V, string>>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };
  return { values, errors, set, setErrors };
}

/** The Add/Edit dialog of the platform screens: Escape and Cancel close it unless it is saving. */
export function FormDialog({
  title,
  testId,
  saving,
  submitLabel,
  onSubmit,
  onClose,
  maxWidth = 'sm',
  children,
}: {
  title: string;
  testId: string;
  saving: boolean;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  maxWidth?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!saving) onSubmit();
  };
  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      maxWidth={maxWidth}
      fullWidth
      aria-labelledby={`${testId}-title`}
    >
      <form noValidate onSubmit={submit} data-testid={testId}>
        <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <SubmitButton loading={saving} data-testid={`${testId}-submit`}>
            {submitLabel}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
