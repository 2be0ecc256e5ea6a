import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { OltRow } from '@pondesk/contracts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { messageOf } from '../../../shared/ui/errors';
import { PageHeader } from '../../../shared/ui/page-header';
import { SearchField } from '../../../shared/ui/search-field';
import { useToast } from '../../../shared/ui/toast';
import { useSession } from '../../auth/session';
import { useBillingDialogs } from '../../billing/components/billing-dialogs';
import { targetFromOlt } from '../../billing/targets';
import { onuListPath } from '../../onus/list-params';
import { CpuChartGrid } from '../components/cpu-chart-grid';
import { noOltText } from '../../../shared/ui/no-olt-state';
import { OltSummaryCards } from '../components/olt-summary-cards';
import { OltTable } from '../components/olt-table';
import { useBranches, useDeleteOlt, useOltList, useOltLiveUpdates } from '../hooks';
import { parseListParams, toSearchParams, updateListParams, type OltListParams } from '../list-params';

export default function OltListPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseListParams(searchParams), [searchParams]);
  const setParams = useCallback(
    (change: Partial<OltListParams>) =>
      setSearchParams(toSearchParams(updateListParams(params, change)), { replace: true }),
    [params, setSearchParams],
  );
  const onSearch = useCallback((search: string) => setParams({ search }), [setParams]);

  useOltLiveUpdates();
  const list = useOltList(params);
  const branches = useBranches();
  const remove = useDeleteOlt();
  const [toDelete, setToDelete] = useState<OltRow | null>(null);

  const onView = useCallback((row: OltRow) => navigate(`/olt-list/${row.id}`), [navigate]);
  const onEdit = useCallback((row: OltRow) => navigate(`/edit-olt/${row.id}`), [navigate]);
  const onDelete = useCallback((row: OltRow) => setToDelete(row), []);
  const { openPurchase, dialogs: billingDialogs } = useBillingDialogs();
  const onBilling = useCallback(
    (row: OltRow) => openPurchase({ kind: 'olt', target: targetFromOlt(row) }),
    [openPurchase],
  );
  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast.success(`Olt ${toDelete.name} deleted`),
      onError: (error) => toast.error(`Failed to delete the Olt! ${messageOf(error, '')}`.trim()),
      onSettled: () => setToDelete(null),
    });
  };

  // A page past the end (after deletes elsewhere) falls back to the last page that has rows.
  const data = list.data;
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && params.page > 1)
      setParams({ page: Math.max(1, Math.ceil(data.total / data.pageSize)) });
  }, [data, params.page, setParams]);

  const filtered = !!(params.search || params.branchId);
  const { user } = useSession();
  const noOlt = noOltText(user?.permissions);
  const onuList = onuListPath(user?.permissions);

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      <PageHeader
        title="Olt List"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/add-olt')}>
            Add New
          </Button>
        }
      />

      <OltSummaryCards counts={data?.counts} failed={list.isError} />

      {list.isError && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Retry
            </Button>
          }
        >
          Cannot load the OLT list: {list.error.message}
        </Alert>
      )}

      {(list.isPending || !!data?.items.length) && (
        <>
          <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
            CPU
          </Typography>
          <CpuChartGrid rows={data?.items} loading={list.isPending} />
        </>
      )}

      <Card variant="outlined" sx={{ mt: 4 }}>
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <Box sx={{ flexGrow: 1, '& .MuiTextField-root': { width: '100%' } }}>
              <SearchField value={params.search} onChange={onSearch} />
            </Box>
            <FormControl size="small" sx={{ minWidth: 220 }} disabled={branches.isError}>
              <InputLabel id="olt-branch-filter-label">Branch</InputLabel>
              <Select
                labelId="olt-branch-filter-label"
                label="Branch"
                value={branches.data?.some((b) => b.id === params.branchId) ? params.branchId : ''}
                onChange={(e) => setParams({ branchId: e.target.value })}
              >
                <MenuItem value="">All branches</MenuItem>
                {branches.data?.map((b) => (
                  <MenuItem key={b.id} value={b.id}>
                    {b.name}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </Stack>
          {branches.isError && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
              The branch filter needs access to the branch list: {branches.error.message}
            </Typography>
          )}
          <OltTable
            rows={data?.items ?? []}
            total={data?.total}
            loading={list.isFetching && (list.isPending || list.isPlaceholderData)}
            params={params}
            filtered={filtered}
            emptyText={`${noOlt.title}. ${noOlt.text}`}
            onuList={onuList}
            onPage={(page) => setParams({ page })}
            onSort={(sort, order) => setParams({ sort, order })}
            onView={onView}
            onEdit={onEdit}
            onDelete={onDelete}
            onBilling={onBilling}
          />
        </CardContent>
      </Card>

      {billingDialogs}
      <ConfirmDialog
        open={!!toDelete}
        title="Delete Olt?"
        text={
          toDelete
            ? `${toDelete.name} (${toDelete.host}) will be removed from the list and no longer polled. Its recorded history is kept.`
            : undefined
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
