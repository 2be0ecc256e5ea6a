import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Chip, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { PAYMENT_STATES, type PaymentAttempt, type PaymentState } from '@pondesk/contracts';
import { formatDateTime } from '../../../shared/format';
import { DataTable, type Column } from '../../../shared/ui/data-table';
import { SearchField } from '../../../shared/ui/search-field';
import { useToast } from '../../../shared/ui/toast';
import { useLastPageFallback, useUrlParams } from '../../../shared/use-url-params';
import { actionErrorText } from '../action-errors';
import { usePayments, useRefundPayment } from '../hooks';
import {
  PAYMENT_STATE_COLORS,
  PAYMENT_STATE_LABELS,
  PLATFORM_PAGE_SIZE,
  canRefund,
  pageCount,
  parsePaymentParams,
  tenantInvoicesPath,
  toPaymentQuery,
  toPaymentSearchParams,
  updatePaymentParams,
} from '../list-params';
import { formatTk } from '../money';
import { ReasonDialog } from './reason-dialog';

const mono = { fontFamily: 'monospace', whiteSpace: 'nowrap' } as const;

/** Every bKash payment attempt of every tenant, newest first; a completed one can be refunded. */
export function PaymentsTab() {
  const toast = useToast();
  const [params, setParams] = useUrlParams({
    parse: parsePaymentParams,
    update: updatePaymentParams,
    toSearchParams: toPaymentSearchParams,
  });
  const list = usePayments(toPaymentQuery(params));
  useLastPageFallback(list.data, params.page, pageCount, setParams);
  const refund = useRefundPayment();
  const [refunding, setRefunding] = useState<PaymentAttempt | null>(null);
  const [refundError, setRefundError] = useState<string | null>(null);

  const closeRefund = () => {
    setRefunding(null);
    setRefundError(null);
    refund.reset();
  };
  const confirmRefund = (reason: string) => {
    if (!refunding) return;
    setRefundError(null);
    refund.mutate(
      { id: refunding.id, reason },
      {
        onSuccess: () => {
          toast.success(`Refunded ${formatTk(refunding.amountPoisha)} of ${refunding.invoiceNo}`);
          closeRefund();
        },
        onError: (error) => setRefundError(actionErrorText('refund', error)),
      },
    );
  };

  const columns: Column<PaymentAttempt>[] = [
    {
      key: 'time',
      header: 'Time',
      render: (p) => (
        <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }} title={p.createdAt}>
          {formatDateTime(p.createdAt)}
        </Typography>
      ),
    },
    {
      key: 'tenant',
      header: 'Tenant',
      render: (p) => (
        <Link component={RouterLink} to={tenantInvoicesPath(p.tenantId)} title="Show this tenant's invoices">
          {p.tenantName ?? p.tenantId.slice(0, 8)}
        </Link>
      ),
    },
    { key: 'invoice', header: 'Invoice', render: (p) => <span style={mono}>{p.invoiceNo}</span> },
    {
      key: 'merchant',
      header: 'Merchant invoice no.',
      render: (p) => <span style={mono}>{p.merchantInvoiceNumber}</span>,
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      render: (p) => <span style={{ whiteSpace: 'nowrap' }}>{formatTk(p.amountPoisha)}</span>,
    },
    {
      key: 'state',
      header: 'State',
      render: (p) => (
        <Chip
          size="small"
          color={PAYMENT_STATE_COLORS[p.state] ?? 'default'}
          label={PAYMENT_STATE_LABELS[p.state] ?? p.state}
          data-testid="payment-state"
          data-state={p.state}
        />
      ),
    },
    {
      key: 'bkash',
      header: 'bKash',
      width: 200,
      render: (p) =>
        p.statusCode || p.statusMessage ? (
          <Typography variant="body2" component="span" sx={{ overflowWrap: 'break-word' }}>
            {p.statusCode && <span style={mono}>{p.statusCode} </span>}
            {p.statusMessage}
          </Typography>
        ) : (
          '—'
        ),
    },
    { key: 'trx', header: 'Trx ID', render: (p) => <span style={mono}>{p.trxId ?? '—'}</span> },
    {
      key: 'refund',
      header: 'Refund',
      render: (p) => {
        if (p.refundedAt)
          return (
            <Typography variant="body2" component="span" data-testid="payment-refunded">
              {p.refundAmountPoisha !== null ? formatTk(p.refundAmountPoisha) : 'Refunded'}
              <Typography
                variant="caption"
                color="text.secondary"
                component="span"
                sx={{ display: 'block', ...mono }}
              >
                {p.refundTrxId ?? ''} {formatDateTime(p.refundedAt, '')}
              </Typography>
            </Typography>
          );
        if (!canRefund(p)) return '—';
        return (
          <Button
            size="small"
            color="error"
            onClick={() => setRefunding(p)}
            aria-label={`Refund ${p.invoiceNo}`}
            data-testid="payment-refund"
          >
            Refund
          </Button>
        );
      },
    },
  ];

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label="State"
          value={params.state}
          onChange={(e) => setParams({ state: e.target.value as PaymentState | '' })}
          sx={{ minWidth: 180 }}
          slotProps={{ htmlInput: { 'data-testid': 'payments-state-filter' } }}
        >
          <MenuItem value="">All states</MenuItem>
          {PAYMENT_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {PAYMENT_STATE_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <SearchField
          value={params.q}
          onChange={(q) => setParams({ q })}
          label="Search payments"
          minWidth={300}
          testId="payments-search"
        />
      </Stack>
      <DataTable
        label="payments"
        columns={columns}
        rows={list.data?.items}
        rowKey={(p) => p.id}
        loading={list.isPending}
        refreshing={list.isFetching && !list.isPending}
        error={list.isError ? list.error : null}
        onRetry={() => void list.refetch()}
        empty={
          params.state || params.q.trim()
            ? 'No payments match these filters.'
            : 'No payments yet. Attempts appear here as soon as an ISP presses Pay.'
        }
        paging={{
          page: params.page,
          pageSize: PLATFORM_PAGE_SIZE,
          total: list.data?.total ?? 0,
          onPageChange: (page) => setParams({ page }),
        }}
      />
      {refunding && (
        <ReasonDialog
          title="Refund payment?"
          text={`Refund ${formatTk(refunding.amountPoisha)} of ${refunding.invoiceNo}${
            refunding.tenantName ? ` (${refunding.tenantName})` : ''
          } through bKash, trx ID ${refunding.trxId ?? '—'}. The money goes back to the payer.`}
          confirmLabel="Refund"
          busy={refund.isPending}
          error={refundError}
          testId="refund-dialog"
          onConfirm={confirmRefund}
          onClose={closeRefund}
        />
      )}
    </>
  );
}
