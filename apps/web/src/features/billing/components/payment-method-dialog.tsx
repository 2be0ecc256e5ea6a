import { useState } from 'react';
import {
  Alert,
  Button,
  ButtonBase,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { BILLING_MESSAGES, type Invoice } from '@pondesk/contracts';
import { ApiError } from '../../../shared/http-client';
import { messageOf } from '../../../shared/ui/errors';
import { formatTk } from '../format';
import { useCatalogue, useRefreshAfterPayment, useStartPayment } from '../hooks';
import { openPaymentWindow, safePaymentUrl } from '../payment-window';
import { BKASH_PINK, BkashWordmark } from './bkash-wordmark';

/**
 * 'Please Select Payment Method': bKash only. The click opens the checkout in a new window and closes the
 * popup; the result comes back to /billing/result in that window.
 */
export function PaymentMethodDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const catalogue = useCatalogue();
  const start = useStartPayment();
  const refresh = useRefreshAfterPayment();
  const [error, setError] = useState<string | null>(null);
  // A blocked window: the link is offered to click instead.
  const [link, setLink] = useState<string | null>(null);
  const notConfigured = catalogue.data?.paymentsConfigured === false;

  const pay = () => {
    setError(null);
    setLink(null);
    const win = openPaymentWindow();
    start.mutate(invoice.id, {
      onSuccess: (answer) => {
        const url = safePaymentUrl(answer?.bkashURL);
        if (!url) {
          win.abandon();
          setError(BILLING_MESSAGES.somethingWrong);
          return;
        }
        if (win.go(url)) onClose();
        else setLink(url);
      },
      onError: (e) => {
        win.abandon();
        // Paid meanwhile (another tab, the reconciler): the list shows it once read again.
        if (e instanceof ApiError && e.status === 409) refresh();
        setError(messageOf(e, BILLING_MESSAGES.somethingWrong));
      },
    });
  };

  return (
    <Dialog
      open
      onClose={start.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="payment-method-title"
      data-testid="payment-method-dialog"
    >
      <DialogTitle id="payment-method-title">{BILLING_MESSAGES.selectPaymentMethod}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {invoice.invoiceNo} · {invoice.packageName} · {invoice.targetName}
            <br />
            Amount: <strong>{formatTk(invoice.amountPoisha)}</strong>
          </Typography>
          {notConfigured && (
            <Alert severity="info" data-testid="payments-not-configured">
              {BILLING_MESSAGES.paymentsNotConfigured}
            </Alert>
          )}
          <ButtonBase
            onClick={pay}
            disabled={start.isPending || notConfigured}
            aria-label="Pay with bKash"
            aria-busy={start.isPending}
            data-testid="pay-bkash"
            focusRipple
            sx={{
              alignSelf: 'center',
              px: 4,
              py: 1.5,
              gap: 1.5,
              border: 2,
              borderColor: BKASH_PINK,
              borderRadius: 2,
              bgcolor: 'common.white',
              opacity: notConfigured ? 0.4 : 1,
              '&:hover': { bgcolor: '#fdeef5' },
              '&.Mui-focusVisible': { outline: `3px solid ${BKASH_PINK}`, outlineOffset: 2 },
            }}
          >
            <BkashWordmark />
            {start.isPending && <CircularProgress size={20} sx={{ color: BKASH_PINK }} />}
          </ButtonBase>
          {error && (
            <Alert severity="error" role="alert" data-testid="payment-error">
              {error}
            </Alert>
          )}
          {link && (
            <Alert severity="warning" data-testid="payment-window-blocked">
              The browser blocked the new window.{' '}
              <Link href={link} target="_blank" rel="noopener noreferrer" onClick={onClose}>
                Continue to bKash
              </Link>
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={start.isPending}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
