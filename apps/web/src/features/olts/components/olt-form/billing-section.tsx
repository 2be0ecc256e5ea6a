import { Alert, Grid } from '@mui/material';
import { FormSection, OltTextField, type OltControl } from './form-parts';

const HALF = { xs: 12, sm: 6 };

/** Asked when adding an OLT only. */
export function BillingSection({ control }: { control: OltControl }) {
  return (
    <FormSection title="Others">
      <Grid size={12}>
        <Alert severity="info">
          Billing: the package and number of months are stored with the OLT as entered. Payment is not taken
          here yet; it comes with online billing.
        </Alert>
      </Grid>
      <OltTextField control={control} name="billingPackage" label="Billing package" required cell={HALF} />
      <OltTextField
        control={control}
        name="billingMonths"
        label="Months"
        required
        inputMode="numeric"
        helperText="1 to 36"
        cell={HALF}
      />
    </FormSection>
  );
}
