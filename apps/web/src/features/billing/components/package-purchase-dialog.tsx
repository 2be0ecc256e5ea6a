import { useMemo, useState, type HTMLAttributes } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { billingDay, BILLING_MESSAGES, type Invoice } from '@pondesk/contracts';
import { messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import { formatBillingDay, targetLabelOf } from '../format';
import { useBillingTargets, useCatalogue, useCreateInvoice } from '../hooks';
import {
  initialChoice,
  packagesOfKind,
  purchaseProblem,
  quotePurchase,
  toCreateInvoice,
  withRequestTarget,
  type PurchaseAction,
  type PurchaseChoice,
  type PurchaseRequest,
} from '../purchase';
import { PackageSummary } from './package-summary';

const testId = (id: string) => ({ 'data-testid': id }) as HTMLAttributes<HTMLDivElement>;

/**
 * The package popup (spec 1 §2, spec 3 §2.5 and §2.9): a package, the device it pays for and a number of
 * months; total and new expiry once a month is chosen; Pay Now (invoice, then the payment-method popup) or
 * Pay Later (invoice only). Mounted per opening, so closing resets every choice.
 */
export function PackagePurchaseDialog({
  request,
  onClose,
  onPayNow,
}: {
  request: PurchaseRequest;
  onClose: () => void;
  onPayNow: (invoice: Invoice) => void;
}) {
  const toast = useToast();
  const { kind } = request;
  const catalogue = useCatalogue();
  const targets = useBillingTargets(kind);
  const create = useCreateInvoice();
  const packages = useMemo(() => packagesOfKind(catalogue.data, kind), [catalogue.data, kind]);
  const cycles = useMemo(
    () => (catalogue.data?.cycles ?? []).filter((c) => c.active).sort((a, b) => a.months - b.months),
    [catalogue.data],
  );
  const options = useMemo(
    () => withRequestTarget(targets.data, request.target),
    [targets.data, request.target],
  );

  // A device row may not say which package it is on; the billing targets list does.
  const lookUp = request.target && !request.target.packageRef ? request.target.id : null;
  const ready = !!catalogue.data && (!lookUp || !targets.isPending);
  const start = useMemo<PurchaseRequest>(() => {
    const listed = lookUp ? targets.data?.find((t) => t.id === lookUp)?.packageRef : null;
    return request.target && listed
      ? { ...request, target: { ...request.target, packageRef: listed } }
      : request;
  }, [lookUp, request, targets.data]);

  // The first choices wait for the catalogue (the device's package is found in it).
  const [choice, setChoice] = useState<PurchaseChoice | null>(null);
  const current = choice ?? (ready ? initialChoice(start, packages) : null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<PurchaseAction | null>(null);

  const pkg = packages.find((p) => p.id === current?.packageId);
  const cycle = cycles.find((c) => c.id === current?.cycleId);
  const target = options.find((t) => t.id === current?.targetId);
  const quote =
    pkg && cycle
      ? quotePurchase(pkg.monthlyPricePoisha, cycle.months, target?.expiresOn ?? null, billingDay())
      : null;
  const what = targetLabelOf(kind);
  const busy = pending !== null;

  const change = (part: Partial<PurchaseChoice>) => {
    if (!current) return;
    setChoice({ ...current, ...part });
    setError(null);
  };

  const submit = (action: PurchaseAction) => {
    if (!current || busy) return;
    const problem = purchaseProblem(current, kind, action, catalogue.data?.paymentsConfigured ?? false);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setPending(action);
    create.mutate(toCreateInvoice(current, kind), {
      onSuccess: (invoice) => {
        if (!invoice?.id) {
          setError(BILLING_MESSAGES.somethingWrong);
          return;
        }
        if (action === 'later') {
          toast.success(BILLING_MESSAGES.invoiceGenerated);
          onClose();
        } else onPayNow(invoice);
      },
      onError: (e) => setError(messageOf(e, BILLING_MESSAGES.somethingWrong)),
      onSettled: () => setPending(null),
    });
  };

  const spinner = <CircularProgress size={16} color="inherit" />;
  const title =
    kind === 'switch'
      ? `Renew ${request.target ? request.target.name : 'a switch'}`
      : request.target
        ? `Billing: ${request.target.name}`
        : 'Buy a package';

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="purchase-title"
      data-testid="purchase-dialog"
    >
      <DialogTitle id="purchase-title">{title}</DialogTitle>
      <DialogContent>
        {catalogue.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void catalogue.refetch()}>
                Retry
              </Button>
            }
          >
            Could not load the packages: {catalogue.error.message}
          </Alert>
        ) : !current ? (
          <Stack spacing={1} aria-label="Loading the packages">
            <Skeleton height={40} />
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Stack>
        ) : packages.length === 0 ? (
          <Alert severity="info" data-testid="purchase-no-packages">
            {kind === 'olt'
              ? 'No packages are on offer yet. Contact support.'
              : 'No switch packages are on offer yet. Contact support.'}
          </Alert>
        ) : (
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {(packages.length > 1 || !pkg) && (
              <TextField
                select
                label="Package"
                size="small"
                value={current.packageId}
                onChange={(e) => change({ packageId: e.target.value })}
                disabled={busy}
                slotProps={{
                  select: { displayEmpty: true, SelectDisplayProps: testId('purchase-package') },
                  inputLabel: { shrink: true },
                }}
              >
                <MenuItem value="" disabled>
                  Select a package
                </MenuItem>
                {packages.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {pkg && (
              <Box
                sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
                data-testid="purchase-package-details"
              >
                <PackageSummary pkg={pkg} />
              </Box>
            )}
            <TextField
              select
              label={what}
              size="small"
              value={options.some((t) => t.id === current.targetId) ? current.targetId : ''}
              onChange={(e) => change({ targetId: e.target.value })}
              disabled={busy || (targets.isError && options.length === 0)}
              helperText={
                targets.isError
                  ? `The ${what} list is unavailable: ${targets.error.message}`
                  : target
                    ? target.expiresOn
                      ? `Current expiry: ${formatBillingDay(target.expiresOn)}`
                      : 'No expiry recorded yet'
                    : targets.isPending && !request.target
                      ? `Loading the ${what} list…`
                      : !targets.isPending && options.length === 0
                        ? `No ${what} to bill yet.`
                        : undefined
              }
              slotProps={{
                select: { displayEmpty: true, SelectDisplayProps: testId('purchase-target') },
                inputLabel: { shrink: true },
              }}
            >
              <MenuItem value="" disabled>
                Select {kind === 'olt' ? 'an' : 'a'} {what}
              </MenuItem>
              {options.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Month"
              size="small"
              value={current.cycleId}
              onChange={(e) => change({ cycleId: e.target.value })}
              disabled={busy}
              slotProps={{
                select: { displayEmpty: true, SelectDisplayProps: testId('purchase-month') },
                inputLabel: { shrink: true },
              }}
            >
              <MenuItem value="" disabled>
                Select Month
              </MenuItem>
              {cycles.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
            {quote && (
              <Stack
                direction="row"
                spacing={4}
                sx={{ p: 2, bgcolor: 'action.hover', borderRadius: 1 }}
                aria-live="polite"
              >
                <div>
                  <Typography variant="caption" color="text.secondary">
                    Total price
                  </Typography>
                  <Typography variant="h6" component="p" data-testid="purchase-total">
                    {quote.total}
                  </Typography>
                </div>
                <div>
                  <Typography variant="caption" color="text.secondary">
                    Package expiry
                  </Typography>
                  <Typography variant="h6" component="p" data-testid="purchase-expiry">
                    {quote.expiry}
                  </Typography>
                </div>
              </Stack>
            )}
          </Stack>
        )}
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="purchase-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="purchase-cancel">
          Cancel
        </Button>
        <Button
          variant="outlined"
          onClick={() => submit('later')}
          disabled={busy || !current || packages.length === 0}
          aria-busy={pending === 'later'}
          startIcon={pending === 'later' ? spinner : undefined}
          data-testid="purchase-pay-later"
        >
          Pay Later
        </Button>
        <Button
          variant="contained"
          onClick={() => submit('now')}
          disabled={busy || !current || packages.length === 0}
          aria-busy={pending === 'now'}
          startIcon={pending === 'now' ? spinner : undefined}
          data-testid="purchase-pay-now"
        >
          Pay Now
        </Button>
      </DialogActions>
    </Dialog>
  );
}
