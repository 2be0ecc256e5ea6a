import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import ErrorIcon from '@mui/icons-material/Error';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import { Permission } from '@pondesk/contracts';
import { InfoList } from '../../../shared/ui/info-list';
import { PageHeader } from '../../../shared/ui/page-header';
import { useSession } from '../../auth/session';
import { formatBillingDay, formatBillingInstant, formatTk } from '../format';
import { useInvoice, usePaymentAttempt, useRefreshAfterPayment } from '../hooks';
import {
  failureText,
  isFinalState,
  parseOutcome,
  RESULT_POLL_LIMIT_MS,
  RESULT_TITLE,
  resultViewOf,
  unreadableText,
  type ResultView,
} from '../payment-result';

const ICON: Record<ResultView, ReactNode> = {
  checking: <CircularProgress size={40} />,
  pending: <CircularProgress size={40} />,
  paid: <CheckCircleIcon color="success" sx={{ fontSize: 48 }} />,
  failed: <ErrorIcon color="error" sx={{ fontSize: 48 }} />,
  cancelled: <CancelIcon color="warning" sx={{ fontSize: 48 }} />,
  unconfirmed: <HourglassTopIcon color="warning" sx={{ fontSize: 48 }} />,
  unreadable: <ErrorIcon color="warning" sx={{ fontSize: 48 }} />,
};

/** True once `ms` have passed since the page opened. */
function useElapsed(ms: number): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setOver(true), ms);
    return () => clearTimeout(t);
  }, [ms]);
  return over;
}

/**
 * /billing/result: where bKash's checkout sends the browser back (`?attempt=…&outcome=…`). The stored
 * attempt says what happened; while bKash has not answered for good it is read every 2 s for a minute.
 */
export default function PaymentResultPage() {
  const [params] = useSearchParams();
  const attemptId = params.get('attempt')?.trim() || null;
  const outcome = parseOutcome(params.get('outcome'));
  const timedOut = useElapsed(RESULT_POLL_LIMIT_MS);
  const attempt = usePaymentAttempt(attemptId, !timedOut);
  const data = attempt.data;
  const view = attemptId ? resultViewOf(data, attempt.isError, timedOut) : 'unreadable';
  const invoice = useInvoice(view === 'paid' ? data?.invoiceId : null);
  const { user } = useSession();
  const refresh = useRefreshAfterPayment();

  // The invoices, the banner and the device lists change with a settled payment; read them again once.
  const refreshed = useRef(false);
  useEffect(() => {
    if (refreshed.current || !data || !isFinalState(data.state)) return;
    refreshed.current = true;
    refresh();
  }, [data, refresh]);

  const details: [string, string][] = [];
  if (data) {
    details.push(['Invoice', data.invoiceNo], ['Amount', formatTk(data.amountPoisha)]);
    if (view === 'paid') {
      if (data.trxId) details.push(['Transaction ID', data.trxId]);
      if (data.completedAt) details.push(['Paid On', formatBillingInstant(data.completedAt)]);
      if (invoice.data?.periodTo) details.push(['New Expiry', formatBillingDay(invoice.data.periodTo)]);
    }
  }

  const message =
    view === 'failed' && data
      ? failureText(data)
      : view === 'cancelled'
        ? 'You cancelled the payment. The invoice stays unpaid; you can pay it from the invoice list.'
        : view === 'pending'
          ? 'bKash is confirming the payment. This page updates by itself.'
          : view === 'unconfirmed'
            ? 'bKash has not confirmed this payment yet. It is checked again automatically; the invoice shows as Paid once it is confirmed. Do not pay twice.'
            : view === 'unreadable'
              ? attemptId
                ? unreadableText(outcome)
                : 'This page needs the payment it is about. Open it from the bKash checkout.'
              : view === 'paid'
                ? 'Thank you. The invoice is paid and the device’s expiry has moved on.'
                : null;

  const canBuy = !!user?.permissions.includes(Permission.PackageList);
  const canDashboard = !!user?.permissions.includes(Permission.Dashboard);

  return (
    <Box sx={{ maxWidth: 640, mx: 'auto' }}>
      <PageHeader title="Payment" />
      <Card variant="outlined" data-testid="payment-result" data-result={view}>
        <CardContent>
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
            {ICON[view]}
            <Typography variant="h5" component="h2" data-testid="payment-result-title" aria-live="polite">
              {RESULT_TITLE[view]}
            </Typography>
            {message && (
              <Typography
                color={view === 'failed' ? 'error' : 'text.secondary'}
                data-testid="payment-result-message"
              >
                {message}
              </Typography>
            )}
            {attempt.isError && data && (
              <Alert severity="warning">Could not refresh the payment: {attempt.error.message}</Alert>
            )}
          </Stack>
          {details.length > 0 && (
            <Box sx={{ mt: 1, mx: 'auto', width: 'fit-content' }} data-testid="payment-result-details">
              <InfoList items={details} strong />
            </Box>
          )}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'center', mt: 3 }}
          >
            {canBuy && (
              <Button component={RouterLink} to="/package-list" variant="contained">
                Back to packages
              </Button>
            )}
            {canDashboard && (
              <Button
                component={RouterLink}
                to="/dashboard#invoice"
                variant={canBuy ? 'outlined' : 'contained'}
              >
                Invoices on the dashboard
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
