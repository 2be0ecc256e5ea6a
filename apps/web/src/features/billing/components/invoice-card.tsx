import { lazy, Suspense, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  LinearProgress,
  Skeleton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { BILLING_MESSAGES, INVOICE_FILTERS, type Invoice, type InvoiceFilter } from '@pondesk/contracts';
import { TablePager } from '../../../shared/ui/table-pager';
import { useSession } from '../../auth/session';
import { useInvoices } from '../hooks';
import {
  EMPTY_INVOICES,
  INVOICE_FILTER_LABEL,
  invoicePages,
  invoiceQuery,
  invoiceRow,
  STATUS_LOOK,
} from '../invoices';

// The popups load when first opened: the dashboard shows this card and should not carry them.
const InvoiceDialog = lazy(() => import('./invoice-dialog').then((m) => ({ default: m.InvoiceDialog })));
const PaymentMethodDialog = lazy(() =>
  import('./payment-method-dialog').then((m) => ({ default: m.PaymentMethodDialog })),
);

function InvoiceRow({
  invoice,
  onPay,
  onOpen,
}: {
  invoice: Invoice;
  onPay: (invoice: Invoice) => void;
  onOpen: (invoice: Invoice) => void;
}) {
  const row = invoiceRow(invoice);
  return (
    <Box
      component="li"
      data-testid="invoice-row"
      data-invoice-no={invoice.invoiceNo}
      data-status={invoice.status}
      sx={{
        listStyle: 'none',
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
      >
        <Typography variant="subtitle2" sx={{ flexGrow: 1, minWidth: 0 }} noWrap title={row.receiver}>
          {row.receiver}
        </Typography>
        <Chip
          size="small"
          label={row.status}
          color={STATUS_LOOK[invoice.status].color}
          data-testid="invoice-status"
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        <span data-testid="invoice-no">{row.invoiceNo}</span> · {row.device} · {invoice.packageName}
      </Typography>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="body2">{row.months}</Typography>
        <Typography variant="body2" title={invoice.status === 'paid' ? 'Expiry' : 'Expiry if paid today'}>
          Exp. {row.expiry}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="invoice-amount">
          {row.amount}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {row.payable && (
          <Button
            size="small"
            variant="contained"
            onClick={() => onPay(invoice)}
            aria-label={`Pay ${row.invoiceNo}`}
            data-testid="invoice-pay"
          >
            Pay
          </Button>
        )}
        <Button
          size="small"
          variant="outlined"
          onClick={() => onOpen(invoice)}
          aria-label={`Invoice ${row.invoiceNo}`}
          data-testid="invoice-open"
        >
          Invoice
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * The invoice card (spec 1 §2) on the dashboard (#invoice, where the top bar's shortcut lands) and beside
 * the packages: All / Paid / Due, ten a page from the server, Pay for unpaid ones, Invoice for a printable
 * copy with a PDF.
 */
export function InvoiceCard({ testId = 'invoice-card' }: { testId?: string }) {
  const { user } = useSession();
  const tenant = !!user && !user.isPlatformAdmin;
  const [filter, setFilter] = useState<InvoiceFilter>('all');
  const [page, setPage] = useState(1);
  const list = useInvoices(invoiceQuery(filter, page), tenant);
  const [payFor, setPayFor] = useState<Invoice | null>(null);
  const [shown, setShown] = useState<Invoice | null>(null);
  const data = list.data;
  const pages = data ? invoicePages(data.total) : 1;

  // A page emptied meanwhile (invoices paid elsewhere under Due) falls back to the last one with rows.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && page > 1) setPage(invoicePages(data.total));
  }, [data, page]);

  const failed = list.isError && !list.isFetching;
  return (
    <Card variant="outlined" id="invoice" sx={{ scrollMarginTop: 80 }} data-testid={testId}>
      <CardHeader
        avatar={<ReceiptLongIcon color="action" aria-hidden />}
        title="Invoices"
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          tenant && (
            <ToggleButtonGroup
              size="small"
              exclusive
              value={filter}
              onChange={(_, value: InvoiceFilter | null) => {
                if (!value) return;
                setFilter(value);
                setPage(1);
              }}
              aria-label="Show invoices"
            >
              {INVOICE_FILTERS.map((f) => (
                <ToggleButton key={f} value={f} data-testid={`invoice-filter-${f}`} sx={{ px: 1.5 }}>
                  {INVOICE_FILTER_LABEL[f]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )
        }
        sx={{ flexWrap: 'wrap', rowGap: 1, '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      <LinearProgress
        aria-hidden
        sx={{ height: 2, visibility: list.isFetching && !list.isPending ? 'visible' : 'hidden' }}
      />
      <CardContent sx={{ pt: 1 }}>
        {!tenant ? (
          <Typography color="text.secondary">Invoices belong to ISP accounts.</Typography>
        ) : failed ? (
          <Alert
            severity="error"
            data-testid="invoice-error"
            action={
              <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                Retry
              </Button>
            }
          >
            {BILLING_MESSAGES.invoiceFetchFailed}
          </Alert>
        ) : list.isPending ? (
          <Stack spacing={1} aria-label="Loading invoices">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={56} />
            ))}
          </Stack>
        ) : !data?.items.length ? (
          <Typography color="text.secondary" data-testid="invoice-empty" sx={{ py: 2 }}>
            {EMPTY_INVOICES[filter]}
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0 }} aria-label="Invoices">
            {data.items.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} onPay={setPayFor} onOpen={setShown} />
            ))}
          </Box>
        )}
      </CardContent>
      {tenant && !failed && !!data?.total && pages > 1 && (
        <TablePager
          summary={`${data.total} invoice${data.total === 1 ? '' : 's'}`}
          page={Math.min(page, pages)}
          pages={pages}
          onPage={setPage}
          testId="invoice-pager"
          pageTestId="invoice-page"
        />
      )}
      <Suspense fallback={null}>
        {payFor && <PaymentMethodDialog invoice={payFor} onClose={() => setPayFor(null)} />}
        {shown && <InvoiceDialog invoice={shown} onClose={() => setShown(null)} />}
      </Suspense>
    </Card>
  );
}
