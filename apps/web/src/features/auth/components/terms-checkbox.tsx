import { useState } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Checkbox, FormControl, FormControlLabel, FormHelperText, Link } from '@mui/material';
import { TermsDialog } from './terms-dialog';

/** The `acceptTerms` box of the registration forms, with the terms one click away. */
export function TermsCheckbox<T extends FieldValues & { acceptTerms: boolean }>({
  control,
}: {
  control: Control<T>;
}) {
  const [open, setOpen] = useState(false);
  const { field, fieldState } = useController({ control, name: 'acceptTerms' as Path<T> });
  const error = fieldState.error?.message;
  return (
    <FormControl error={!!error}>
      <FormControlLabel
        control={
          <Checkbox
            checked={field.value}
            onChange={(e) => field.onChange(e.target.checked)}
            name="acceptTerms"
          />
        }
        label={
          <>
            I agree to the{' '}
            <Link
              component="button"
              type="button"
              onClick={(e) => {
                e.preventDefault();
                setOpen(true);
              }}
              sx={{ verticalAlign: 'baseline' }}
            >
              Terms and Conditions
            </Link>
          </>
        }
      />
      {error && <FormHelperText>{error}</FormHelperText>}
      <TermsDialog open={open} onClose={() => setOpen(false)} />
    </FormControl>
  );
}
