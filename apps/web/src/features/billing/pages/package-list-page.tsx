import { useMemo } from 'react';
import { Alert, Box, Button, Grid, Skeleton, Typography } from '@mui/material';
import { PageHeader } from '../../../shared/ui/page-header';
import { useBillingDialogs } from '../components/billing-dialogs';
import { InvoiceCard } from '../components/invoice-card';
import { PackageCard } from '../components/package-card';
import { useCatalogue } from '../hooks';
import { packagesOfKind } from '../purchase';

/** /package-list (code 2001, spec 1 §2): the OLT packages on offer on the left, the invoices on the right. */
export default function PackageListPage() {
  const catalogue = useCatalogue();
  const packages = useMemo(() => packagesOfKind(catalogue.data, 'olt'), [catalogue.data]);
  const { openPurchase, dialogs } = useBillingDialogs();

  return (
    <Box sx={{ maxWidth: 1500, mx: 'auto' }}>
      <PageHeader title="Our Packages" />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          {catalogue.isError ? (
            <Alert
              severity="error"
              data-testid="packages-error"
              action={
                <Button color="inherit" size="small" onClick={() => void catalogue.refetch()}>
                  Retry
                </Button>
              }
            >
              Could not load the packages: {catalogue.error.message}
            </Alert>
          ) : catalogue.isPending ? (
            <Grid container spacing={2} aria-label="Loading the packages">
              {[0, 1, 2].map((i) => (
                <Grid key={i} size={{ xs: 12, sm: 6, xl: 4 }}>
                  <Skeleton variant="rounded" height={180} />
                </Grid>
              ))}
            </Grid>
          ) : packages.length === 0 ? (
            <Box
              sx={{ p: 4, border: 1, borderColor: 'divider', borderRadius: 1, textAlign: 'center' }}
              data-testid="packages-empty"
            >
              <Typography color="text.secondary">No packages are on offer yet. Contact support.</Typography>
            </Box>
          ) : (
            <Grid
              container
              spacing={2}
              component="ul"
              sx={{ m: 0, p: 0, listStyle: 'none' }}
              aria-label="Packages"
            >
              {packages.map((pkg) => (
                <Grid key={pkg.id} size={{ xs: 12, sm: 6, xl: 4 }} component="li">
                  <PackageCard pkg={pkg} onOpen={(p) => openPurchase({ kind: 'olt', packageId: p.id })} />
                </Grid>
              ))}
            </Grid>
          )}
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <InvoiceCard testId="package-invoice-card" />
        </Grid>
      </Grid>
      {dialogs}
    </Box>
  );
}
