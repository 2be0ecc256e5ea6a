import { useMemo, useState } from 'react';
import { Box, Button, Chip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { PING_MESSAGES, type ServiceRow } from '@pondesk/contracts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { messageOf } from '../../../shared/ui/errors';
import { PageHeader } from '../../../shared/ui/page-header';
import { useToast } from '../../../shared/ui/toast';
import { useUrlParams } from '../../../shared/use-url-params';
import { CrudTable, type CrudColumn } from '../components/crud-table';
import { ListToolbar } from '../components/list-toolbar';
import { ServiceFormPanel } from '../components/service-form-panel';
import { useDeleteService, useServices } from '../hooks';
import { searchCodec } from '../search-param';
import { UNSORTED, nextSort, sortRows, type TableSort } from '../table-sort';

type ServiceSort = 'name' | 'status';

const statusText = (s: ServiceRow) => (s.active ? 'Active' : 'Inactive');

const COLUMNS: readonly CrudColumn<ServiceRow, ServiceSort>[] = [
  { key: 'name', header: 'Service Name', sort: 'name', render: (s) => s.name },
  {
    key: 'status',
    header: 'Status',
    sort: 'status',
    render: (s) => (
      <Chip
        size="small"
        label={statusText(s)}
        color={s.active ? 'success' : 'default'}
        variant={s.active ? 'filled' : 'outlined'}
        data-testid="service-status"
        data-active={s.active}
      />
    ),
  },
];

const sortValue = (s: ServiceRow, key: ServiceSort) => (key === 'name' ? s.name : statusText(s));

/** /service (2016), the Service List: the services the ISP offers, active or not. */
export default function ServicePage() {
  const toast = useToast();
  const [{ q }, setParams] = useUrlParams(searchCodec);
  const services = useServices(q.trim());
  const remove = useDeleteService();
  const [sort, setSort] = useState<TableSort<ServiceSort>>(UNSORTED);
  const [editing, setEditing] = useState<ServiceRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ServiceRow | null>(null);
  const rows = useMemo(
    () => services.data && sortRows(services.data, sort, sortValue),
    [services.data, sort],
  );

  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }} data-testid="service-page">
      <PageHeader
        title="Service List"
        subtitle="The services you offer"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Add New
          </Button>
        }
      />
      <ListToolbar
        search={q}
        onSearch={(next) => setParams({ q: next })}
        count={rows?.length}
        noun={['service', 'services']}
        searchLabel="Search the services"
        testId="service"
      />
      <CrudTable
        label="Service List"
        what="the services"
        columns={COLUMNS}
        rows={rows}
        loading={services.isPending}
        refreshing={services.isFetching && !services.isPending}
        error={services.isError ? services.error : null}
        onRetry={() => void services.refetch()}
        // The spec gives the Service List the same empty text as the Area List.
        emptyText={PING_MESSAGES.popsEmpty}
        sort={sort}
        onSort={(key) => setSort((s) => nextSort(s, key))}
        rowName={(s) => s.name}
        onEdit={setEditing}
        onDelete={setDeleting}
        testId="service-row"
      />
      {editing && (
        <ServiceFormPanel service={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={!!deleting}
        text={deleting ? `The service ${deleting.name} will be deleted.` : undefined}
        confirmLabel="Yes, delete it!"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success('Service deleted successfully!'),
            onError: (e) => toast.error(messageOf(e, `Failed to delete the service ${deleting.name}.`)),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </Box>
  );
}
