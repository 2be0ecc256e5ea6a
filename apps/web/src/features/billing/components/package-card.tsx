import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import type { BillingPackage } from '@pondesk/contracts';
import { PackageSummary } from './package-summary';

/** One 'Our Packages' card; clicking it (or Enter/Space on it) opens the package popup. */
export function PackageCard({ pkg, onOpen }: { pkg: BillingPackage; onOpen: (pkg: BillingPackage) => void }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="package-card" data-package-id={pkg.id}>
      <CardActionArea
        onClick={() => onOpen(pkg)}
        aria-label={`${pkg.name}: buy this package`}
        sx={{ height: '100%', alignItems: 'flex-start', display: 'flex' }}
      >
        <CardContent sx={{ width: '100%' }}>
          <PackageSummary pkg={pkg} />
          <Typography variant="button" color="primary" component="p" sx={{ mt: 1.5 }}>
            Buy / Renew
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
