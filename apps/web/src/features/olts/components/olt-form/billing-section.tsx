import { useMemo, type HTMLAttributes } from 'react';
import { Alert, Box, Button, Grid, MenuItem, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { billingDay } from '@pondesk/contracts';
import { formatTk } from '../../../billing/format';
import { useCatalogue } from '../../../billing/hooks';
import { packagesOfKind, quotePurchase } from '../../../billing/purchase';
import { FormSection, OltTextField, type OltControl } from './form-parts';

const HALF = { xs: 12, sm: 6 };
const testId = (id: string) => ({ 'data-testid': id }) as HTMLAttributes<HTMLDivElement>;

/**
 * Asked when adding an OLT only: one of the catalogue's OLT packages (its id) and a number of months from
 * the billing cycles. The server issues a due invoice for them with the new OLT.
 */
export function BillingSection({ control }: { control: OltControl }) {
  const catalogue = useCatalogue();
  const packages = useMemo(() => packagesOfKind(catalogue.data, 'olt'), [catalogue.data]);
  const cycles = useMemo(
    () => (catalogue.data?.cycles ?? []).filter((c) => c.active).sort((a, b) => a.months - b.months),
    [catalogue.data],
  );
  const [packageId, months] = useWatch({ control, name: ['billingPackage', 'billingMonths'] });
  const pkg = packages.find((p) => p.id === packageId);
  const quote =
    pkg && months ? quotePurchase(pkg.monthlyPricePoisha, Number(months), null, billingDay()) : null;
  const unavailable = catalogue.isError || (!!catalogue.data && packages.length === 0);

  return (
    <FormSection title="Others">
      {catalogue.isError && (
        <Grid size={12}>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void catalogue.refetch()}>
                Retry
              </Button>
            }
          >
            Could not load the billing packages: {catalogue.error.message}
          </Alert>
        </Grid>
      )}
      {catalogue.data && packages.length === 0 && (
        <Grid size={12}>
          <Alert severity="warning" data-testid="olt-billing-none">
            No packages are on offer yet. Contact support.
          </Alert>
        </Grid>
      )}
      <OltTextField
        control={control}
        name="billingPackage"
        label="Billing"
        required
        select
        disabled={unavailable}
        cell={HALF}
        slotProps={{ select: { SelectDisplayProps: testId('olt-billing-package') } }}
      >
        {packages.map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.name} · {formatTk(p.monthlyPricePoisha)} / month
          </MenuItem>
        ))}
      </OltTextField>
      <OltTextField
        control={control}
        name="billingMonths"
        label="Months"
        required
        select
        disabled={unavailable}
        cell={HALF}
        slotProps={{ select: { SelectDisplayProps: testId('olt-billing-months') } }}
      >
        {cycles.map((c) => (
          <MenuItem key={c.id} value={String(c.months)}>
            {c.label}
          </MenuItem>
        ))}
      </OltTextField>
      <Grid size={12}>
        {quote ? (
          <Box data-testid="olt-billing-quote">
            <Typography variant="body2">
              Total <strong>{quote.total}</strong>; paid today, the OLT runs until{' '}
              <strong>{quote.expiry}</strong>.
            </Typography>
            <Typography variant="caption" color="text.secondary">
              Adding the OLT issues an unpaid invoice for this; pay it from the invoice list.
            </Typography>
          </Box>
        ) : (
          <Typography variant="caption" color="text.secondary">
            Adding the OLT issues an unpaid invoice for the chosen package and months.
          </Typography>
        )}
      </Grid>
    </FormSection>
  );
}
