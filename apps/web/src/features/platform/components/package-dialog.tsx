import { FormControlLabel, Grid, InputAdornment, MenuItem, Switch, TextField } from '@mui/material';
import { PACKAGE_KINDS, type BillingPackage, type PackageKind } from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import {
  PACKAGE_KIND_LABELS,
  PACKAGE_LIMITS,
  packageFormErrors,
  packageFormOf,
  packageServerErrors,
  toPackageInput,
  type PackageFormValues,
} from '../catalogue-forms';
import { hasErrors } from '../form-errors';
import { useSavePackage } from '../hooks';
import { FormDialog, useFormValues } from './form-dialog';

/** Add or edit a package; the price is typed in Taka and sent as poisha. */
export function PackageDialog({ pkg, onClose }: { pkg: BillingPackage | null; onClose: () => void }) {
  const toast = useToast();
  const save = useSavePackage();
  const { values, errors, set, setErrors } = useFormValues<PackageFormValues>(() => packageFormOf(pkg));
  const saving = save.isPending;

  const submit = () => {
    const problems = packageFormErrors(values);
    if (hasErrors(problems)) {
      setErrors(problems);
      return;
    }
    save.mutate(
      { id: pkg?.id, body: toPackageInput(values) },
      {
        onSuccess: (saved) => {
          toast.success(pkg ? `Package ${saved.name} updated` : `Package ${saved.name} added`);
          onClose();
        },
        onError: (error) => {
          setErrors(packageServerErrors(fieldErrorsOf(error)));
          toast.error(messageOf(error, 'Failed to save the package'));
        },
      },
    );
  };

  const text = (
    name: 'name' | 'portCount' | 'oltModes' | 'price' | 'sortOrder' | 'description',
    label: string,
    helper?: string,
  ) => ({
    name,
    label,
    value: values[name],
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
    error: !!errors[name],
    helperText: errors[name] ?? helper,
    disabled: saving,
    fullWidth: true,
  });

  return (
    <FormDialog
      title={pkg ? 'Edit package' : 'Add package'}
      testId="package-dialog"
      saving={saving}
      submitLabel={pkg ? 'Update' : 'Add'}
      onSubmit={submit}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            select
            name="kind"
            label="Kind"
            value={values.kind}
            onChange={(e) => set('kind', e.target.value as PackageKind)}
            error={!!errors.kind}
            helperText={errors.kind}
            disabled={saving}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'package-kind' } }}
          >
            {PACKAGE_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {PACKAGE_KIND_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField
            {...text('name', 'Name')}
            required
            slotProps={{ htmlInput: { maxLength: PACKAGE_LIMITS.name, 'data-testid': 'package-name' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...text(
              'portCount',
              'Ports',
              values.kind === 'olt' ? 'PON ports covered' : 'Switch ports covered',
            )}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, 'data-testid': 'package-ports' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField
            {...text('oltModes', 'Modes', 'Shown on the card, e.g. GPON, EPON')}
            slotProps={{ htmlInput: { maxLength: PACKAGE_LIMITS.oltModes, 'data-testid': 'package-modes' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...text('price', 'Monthly price', 'Taka, e.g. 1500 or 1500.50')}
            required
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">Tk</InputAdornment> },
              htmlInput: { inputMode: 'decimal', maxLength: 13, 'data-testid': 'package-price' },
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...text('sortOrder', 'Order', 'Lower numbers are shown first')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, 'data-testid': 'package-order' } }}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            {...text('description', 'Description')}
            multiline
            minRows={2}
            slotProps={{
              htmlInput: { maxLength: PACKAGE_LIMITS.description, 'data-testid': 'package-description' },
            }}
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
