import { useCallback, useState } from 'react';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { SWITCH_LIST_PAGE_SIZE, SWITCH_MESSAGES, type SwitchRow } from '@pondesk/contracts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { messageOf } from '../../../shared/ui/errors';
import { SearchField } from '../../../shared/ui/search-field';
import { useToast } from '../../../shared/ui/toast';
import { useLastPageFallback, useUrlParams } from '../../../shared/use-url-params';
import { useBillingDialogs } from '../../billing/components/billing-dialogs';
import { targetFromSwitch } from '../../billing/targets';
import { useDeleteSwitch, useSwitchList } from '../hooks';
import {
  nextSort,
  pageCount,
  parseManageParams,
  toManageQuery,
  toManageSearchParams,
  updateManageParams,
} from '../list-params';
import { SwitchFormDialog } from './switch-form-dialog';
import { SwitchTable } from './switch-table';

const codec = { parse: parseManageParams, update: updateManageParams, toSearchParams: toManageSearchParams };
const managePages = (total: number) => pageCount(total, SWITCH_LIST_PAGE_SIZE);

/** Spec 3 §2.9: the switches themselves, with Add New, Edit and Delete. */
export function ManageTab() {
  const toast = useToast();
  const [params, setParams] = useUrlParams(codec);
  const onSearch = useCallback((search: string) => setParams({ search }), [setParams]);
  const list = useSwitchList(toManageQuery(params));
  const data = list.data;
  useLastPageFallback(data, params.page, managePages, setParams);
  const remove = useDeleteSwitch();
  // undefined: the popup is closed; null: Add New; a row: Edit.
  const [editing, setEditing] = useState<SwitchRow | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<SwitchRow | null>(null);

  const onEdit = useCallback((row: SwitchRow) => setEditing(row), []);
  const onDelete = useCallback((row: SwitchRow) => setToDelete(row), []);
  const { openPurchase, dialogs: billingDialogs } = useBillingDialogs();
  const onRenew = useCallback(
    (row: SwitchRow) => openPurchase({ kind: 'switch', target: targetFromSwitch(row) }),
    [openPurchase],
  );
  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast.success(SWITCH_MESSAGES.deleted),
      onError: (error) => toast.error(`Failed to delete the switch! ${messageOf(error, '')}`.trim()),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="h2">
            Switch List
          </Typography>
          <Chip
            size="small"
            color="primary"
            label={data?.counts.total ?? '…'}
            aria-label={data ? `${data.counts.total} switches` : 'Counting switches'}
            data-testid="switch-count"
          />
          {!!data?.counts.expired && (
            <Chip size="small" color="error" variant="outlined" label={`${data.counts.expired} expired`} />
          )}
        </Stack>
        <Box sx={{ flexGrow: 1, '& .MuiTextField-root': { width: '100%' } }}>
          <SearchField
            value={params.search}
            onChange={onSearch}
            label="Search switches"
            testId="switch-search"
          />
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
          Add New
        </Button>
      </Stack>
      <SwitchTable
        rows={data?.items}
        total={data?.total ?? 0}
        page={params.page}
        sort={params.sort}
        order={params.order}
        loading={list.isPending}
        refreshing={list.isFetching && !list.isPending}
        error={list.isError ? list.error : null}
        onRetry={() => void list.refetch()}
        emptyText={params.search ? 'No switch matches this search.' : SWITCH_MESSAGES.noSwitches}
        onSort={(sort) => setParams((current) => nextSort(current, sort))}
        onPage={(page) => setParams({ page })}
        onEdit={onEdit}
        onDelete={onDelete}
        onRenew={onRenew}
      />
      {billingDialogs}
      {editing !== undefined && <SwitchFormDialog row={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        open={!!toDelete}
        text={
          toDelete
            ? `${toDelete.name} (${toDelete.ip}) will be removed from the list and no longer polled.`
            : undefined
        }
        confirmLabel="Yes, delete it!"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
