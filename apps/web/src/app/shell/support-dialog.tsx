import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Skeleton,
  Stack,
} from '@mui/material';
import type { TenantContent } from '@pondesk/contracts';
import { SupportContent } from '../../features/content/components/support-content';
import { useTenantContent } from '../../features/content/hooks';
import { useProducts, useSupportSettings } from '../../features/platform/hooks';

interface PanelData {
  pending: boolean;
  error: Error | null;
  data: TenantContent | undefined;
  retry: () => void;
}

/** What the panel shows: the tenant's read of the content, or for the platform administrator the same from its own settings. */
function usePanelData(open: boolean, platformAdmin: boolean): PanelData {
  const tenant = useTenantContent(open && !platformAdmin);
  const support = useSupportSettings(open && platformAdmin);
  const products = useProducts(open && platformAdmin);
  if (!platformAdmin)
    return {
      pending: tenant.isPending,
      error: tenant.isError ? tenant.error : null,
      data: tenant.data,
      retry: () => void tenant.refetch(),
    };
  return {
    pending: support.isPending || products.isPending,
    error: support.error ?? products.error ?? null,
    data: support.data && products.data ? { support: support.data, products: products.data } : undefined,
    retry: () => {
      if (support.isError) void support.refetch();
      if (products.isError) void products.refetch();
    },
  };
}

/** The support panel (Shortcuts → Support): phone, email, chat link and the provider's other services. */
export function SupportDialog({
  open,
  onClose,
  platformAdmin = false,
}: {
  open: boolean;
  onClose: () => void;
  platformAdmin?: boolean;
}) {
  const panel = usePanelData(open, platformAdmin);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="support-title"
      scroll="paper"
    >
      <DialogTitle id="support-title">Support</DialogTitle>
      <DialogContent dividers data-testid="support-dialog">
        {platformAdmin && (
          <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
            ISP users see this panel.{' '}
            <Link component={RouterLink} to="/platform/content" onClick={onClose}>
              Edit it under Content
            </Link>
            .
          </Alert>
        )}
        {panel.error ? (
          <Alert
            severity="error"
            data-testid="support-error"
            action={
              <Button color="inherit" size="small" onClick={panel.retry}>
                Retry
              </Button>
            }
          >
            Could not load the support details: {panel.error.message}
          </Alert>
        ) : panel.pending || !panel.data ? (
          <Stack spacing={1} aria-busy data-testid="support-loading">
            <Skeleton width="60%" />
            <Skeleton width="50%" />
            <Skeleton width="40%" />
            <Skeleton variant="rounded" height={120} />
          </Stack>
        ) : (
          <SupportContent content={panel.data} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
