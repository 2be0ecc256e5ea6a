import { useState } from 'react';
import { Checkbox, FormControl, FormControlLabel, FormHelperText, Link } from '@mui/material';
import { TermsDialog } from './terms-dialog';

export function TermsCheckbox({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <FormControl error={!!error}>
      <FormControlLabel
        control={
          <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} name="acceptTerms" />
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
