import { FormControlLabel, Grid, Switch, TextField } from '@mui/material';
import type { BillingCycle } from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import {
  CYCLE_LIMITS,
  cycleFormErrors,
  cycleFormOf,
  cycleServerErrors,
  defaultCycleLabel,
  toCycleInput,
  type CycleFormValues,
} from '../catalogue-forms';
import { hasErrors, wholeNumber } from '../form-errors';
import { useSaveCycle } from '../hooks';
import { FormDialog, useFormValues } from './form-dialog';

/** Add or edit a 'Select Month' choice. */
export function CycleDialog({ cycle, onClose }: { cycle: BillingCycle | null; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveCycle();
  const { values, errors, set, setErrors } = useFormValues<CycleFormValues>(() => cycleFormOf(cycle));
  const saving = save.isPending;
  const months = wholeNumber(values.months, 1, CYCLE_LIMITS.maxMonths);

  const submit = () => {
    const problems = cycleFormErrors(values);
    if (hasErrors(problems)) {
      setErrors(problems);
      return;
    }
    save.mutate(
      { id: cycle?.id, body: toCycleInput(values) },
      {
        onSuccess: (saved) => {
          toast.success(
            cycle ? `Billing cycle ${saved.label} updated` : `Billing cycle ${saved.label} added`,
          );
          onClose();
        },
        onError: (error) => {
          setErrors(cycleServerErrors(fieldErrorsOf(error)));
          toast.error(messageOf(error, 'Failed to save the billing cycle'));
        },
      },
    );
  };

  return (
    <FormDialog
      title={cycle ? 'Edit billing cycle' : 'Add billing cycle'}
      testId="cycle-dialog"
      saving={saving}
      submitLabel={cycle ? 'Update' : 'Add'}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="xs"
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <TextField
            name="months"
            label="Months"
            value={values.months}
            onChange={(e) => set('months', e.target.value)}
            error={!!errors.months}
            helperText={errors.months ?? 'The total is the monthly price times these months'}
            required
            fullWidth
            autoFocus
            disabled={saving}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3, 'data-testid': 'cycle-months' } }}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            name="label"
            label="Label"
            value={values.label}
            onChange={(e) => set('label', e.target.value)}
            error={!!errors.label}
            helperText={
              errors.label ?? (months ? `Left empty: ${defaultCycleLabel(months)}` : 'e.g. 6 Months')
            }
            fullWidth
            disabled={saving}
            placeholder={months ? defaultCycleLabel(months) : undefined}
            slotProps={{ htmlInput: { maxLength: CYCLE_LIMITS.label, 'data-testid': 'cycle-label' } }}
          />
        </Grid>
        <Grid size={12}>
          <FormControlLabel
            control={
              <Switch
                name="active"
                checked={values.active}
                onChange={(e) => set('active', e.target.checked)}
                disabled={saving}
              />
            }
            label="Active (offered to ISPs)"
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
