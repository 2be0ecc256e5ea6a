import { Stack, Typography } from '@mui/material';
import type { BillingPackage } from '@pondesk/contracts';
import { formatTk } from '../format';

/** A package's name, ports, modes, description and monthly price (the card and the popup). */
export function PackageSummary({
  pkg,
  headingLevel = 'h3',
}: {
  pkg: BillingPackage;
  headingLevel?: 'h2' | 'h3';
}) {
  const unit = pkg.kind === 'olt' ? 'PON port' : 'port';
  return (
    <Stack spacing={0.75}>
      <Typography variant="h6" component={headingLevel} data-testid="package-name">
        {pkg.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {pkg.portCount} {unit}
        {pkg.portCount === 1 ? '' : 's'}
        {pkg.oltModes ? ` · ${pkg.oltModes}` : ''}
      </Typography>
      {pkg.description && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          {pkg.description}
        </Typography>
      )}
      <Typography variant="h6" component="p" color="primary" data-testid="package-price">
        {formatTk(pkg.monthlyPricePoisha)}
        <Typography component="span" variant="body2" color="text.secondary">
          {' '}
          / month
        </Typography>
      </Typography>
    </Stack>
  );
}
