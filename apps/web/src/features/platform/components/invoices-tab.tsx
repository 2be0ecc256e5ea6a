import { useState } from 'react';
import { Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { INVOICE_STATUSES, type InvoiceStatus, type PlatformInvoice } from '@pondesk/contracts';
import { formatDateTime, formatDay } from '../../../shared/format';
import { DataTable, type Column } from '../../../shared/ui/data-table';
import { SearchField } from '../../../shared/ui/search-field';
import { useToast } from '../../../shared/ui/toast';
import { useLastPageFallback, useUrlParams } from '../../../shared/use-url-params';
import { actionErrorText } from '../action-errors';
import { PACKAGE_KIND_LABELS } from '../catalogue-forms';
import { useCancelInvoice, usePlatformInvoices } from '../hooks';
import {
  INVOICE_STATUS_COLORS,
  INVOICE_STATUS_LABELS,
  PLATFORM_PAGE_SIZE,
  pageCount,
  parseInvoiceParams,
  toInvoiceQuery,
  toInvoiceSearchParams,
  updateInvoiceParams,
} from '../list-params';
import { formatTk } from '../money';
import { ReasonDialog } from './reason-dialog';

const mono = { fontFamily: 'monospace', whiteSpace: 'nowrap' } as const;

/** A tenant deleted since keeps its invoices; its id's start stands in for the name. */
const tenantLabel = (i: Pick<PlatformInvoice, 'tenantName' | 'tenantId'>): string =>
  i.tenantName ?? `Tenant ${i.tenantId.slice(0, 8)}`;

/** Every tenant's invoices, newest first; a due one can be cancelled with a reason. */
export function InvoicesTab() {
  const toast = useToast();
  const [params, setParams] = useUrlParams({
    parse: parseInvoiceParams,
    update: updateInvoiceParams,
    toSearchParams: toInvoiceSearchParams,
  });
  const list = usePlatformInvoices(toInvoiceQuery(params));
  useLastPageFallback(list.data, params.page, pageCount, setParams);
  const cancel = useCancelInvoice();
  const [cancelling, setCancelling] = useState<PlatformInvoice | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const tenantName = params.tenant
    ? (list.data?.items.find((i) => i.tenantId === params.tenant)?.tenantName ?? 'one ISP')
    : null;

  const closeCancel = () => {
    setCancelling(null);
    setCancelError(null);
    cancel.reset();
  };
  const confirmCancel = (reason: string) => {
    if (!cancelling) return;
    setCancelError(null);
    cancel.mutate(
      { id: cancelling.id, reason },
      {
        onSuccess: () => {
          toast.success(`Invoice ${cancelling.invoiceNo} cancelled`);
          closeCancel();
        },
        onError: (error) => setCancelError(actionErrorText('cancel', error)),
      },
    );
  };

  const columns: Column<PlatformInvoice>[] = [
    { key: 'no', header: 'Invoice', render: (i) => <span style={mono}>{i.invoiceNo}</span> },
    { key: 'tenant', header: 'Tenant', render: (i) => tenantLabel(i) },
    {
      key: 'issued',
      header: 'Issued',
      render: (i) => <span style={{ whiteSpace: 'nowrap' }}>{formatDay(i.issuedOn)}</span>,
    },
    {
      key: 'package',
      header: 'Package',
      render: (i) => (
        <>
          {i.packageName}
          <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {i.months} {i.months === 1 ? 'month' : 'months'}
          </Typography>
        </>
      ),
    },
    {
      key: 'target',
      header: 'For',
      render: (i) => (
        <>
          <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {PACKAGE_KIND_LABELS[i.targetType] ?? i.targetType}
          </Typography>
          {i.targetName}
        </>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      render: (i) => <span style={{ whiteSpace: 'nowrap' }}>{formatTk(i.amountPoisha)}</span>,
    },
    {
      key: 'status',
      header: 'Status',
      render: (i) => (
        <Chip
          size="small"
          color={INVOICE_STATUS_COLORS[i.status] ?? 'default'}
          label={INVOICE_STATUS_LABELS[i.status] ?? i.status}
          data-testid="invoice-status"
          data-status={i.status}
        />
      ),
    },
    {
      key: 'paid',
      header: 'Paid',
      render: (i) =>
        i.paidAt ? (
          <>
            <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(i.paidAt)}</span>
            <Typography
              variant="caption"
              color="text.secondary"
              component="span"
              sx={{ display: 'block', ...mono }}
            >
              {i.paymentMethod ?? ''} {i.trxId ?? ''}
            </Typography>
          </>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (i) =>
        i.status === 'due' ? (
          <Button
            size="small"
            color="error"
            onClick={() => setCancelling(i)}
            aria-label={`Cancel ${i.invoiceNo}`}
            data-testid="invoice-cancel"
          >
            Cancel
          </Button>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label="Status"
          value={params.status}
          onChange={(e) => setParams({ status: e.target.value as InvoiceStatus | '' })}
          sx={{ minWidth: 160 }}
          slotProps={{ htmlInput: { 'data-testid': 'invoices-status-filter' } }}
        >
          <MenuItem value="">All</MenuItem>
          {INVOICE_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {INVOICE_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <SearchField
          value={params.q}
          onChange={(q) => setParams({ q })}
          label="Search tenant or invoice"
          minWidth={280}
          testId="invoices-search"
        />
        {tenantName && (
          <Chip
            label={`Tenant: ${tenantName}`}
            onDelete={() => setParams({ tenant: '' })}
            data-testid="invoices-tenant-filter"
          />
        )}
      </Stack>
      <DataTable
        label="invoices"
        columns={columns}
        rows={list.data?.items}
        rowKey={(i) => i.id}
        loading={list.isPending}
        refreshing={list.isFetching && !list.isPending}
        error={list.isError ? list.error : null}
        onRetry={() => void list.refetch()}
        empty={
          params.status || params.q.trim() || params.tenant
            ? 'No invoices match these filters.'
            : 'No invoices yet. They appear when an ISP chooses Pay Now or Pay Later.'
        }
        paging={{
          page: params.page,
          pageSize: PLATFORM_PAGE_SIZE,
          total: list.data?.total ?? 0,
          onPageChange: (page) => setParams({ page }),
        }}
      />
      {cancelling && (
        <ReasonDialog
          title="Cancel invoice?"
          text={`Cancel ${cancelling.invoiceNo} of ${tenantLabel(cancelling)} (${formatTk(
            cancelling.amountPoisha,
          )})? It can no longer be paid; its number stays used.`}
          confirmLabel="Cancel invoice"
          busy={cancel.isPending}
          error={cancelError}
          testId="cancel-invoice-dialog"
          onConfirm={confirmCancel}
          onClose={closeCancel}
        />
      )}
    </>
  );
}
