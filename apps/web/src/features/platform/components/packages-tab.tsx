import { useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { BillingPackage } from '@pondesk/contracts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DataTable, type Column } from '../../../shared/ui/data-table';
import { messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import { PACKAGE_KIND_LABELS, packageWithActive, sortPackages } from '../catalogue-forms';
import { usePackages, useSavePackage } from '../hooks';
import { formatTk } from '../money';
import { ActiveChip } from './active-chip';
import { PackageDialog } from './package-dialog';
import { TabToolbar } from './tab-toolbar';

/** The OLT and switch packages ISPs buy; never deleted (old invoices name them), only deactivated. */
export function PackagesTab() {
  const toast = useToast();
  const packages = usePackages();
  const save = useSavePackage();
  const [editing, setEditing] = useState<BillingPackage | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<BillingPackage | null>(null);

  const setActive = (p: BillingPackage, active: boolean) =>
    save.mutate(
      { id: p.id, body: packageWithActive(p, active) },
      {
        onSuccess: () => toast.success(`Package ${p.name} ${active ? 'activated' : 'deactivated'}`),
        onError: (error) => toast.error(messageOf(error, 'Failed to change the package')),
        onSettled: () => setDeactivating(null),
      },
    );

  const columns: Column<BillingPackage>[] = [
    { key: 'kind', header: 'Kind', render: (p) => PACKAGE_KIND_LABELS[p.kind] ?? p.kind },
    {
      key: 'name',
      header: 'Name',
      render: (p) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {p.name}
          </Typography>
          {p.description && (
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', overflowWrap: 'anywhere', maxWidth: 320 }}
            >
              {p.description}
            </Typography>
          )}
        </>
      ),
    },
    { key: 'ports', header: 'Ports', align: 'right', render: (p) => p.portCount },
    { key: 'modes', header: 'Modes', render: (p) => p.oltModes || '—' },
    {
      key: 'price',
      header: 'Price / month',
      align: 'right',
      render: (p) => <span style={{ whiteSpace: 'nowrap' }}>{formatTk(p.monthlyPricePoisha)}</span>,
    },
    { key: 'active', header: 'Active', render: (p) => <ActiveChip active={p.active} /> },
    { key: 'order', header: 'Order', align: 'right', render: (p) => p.sortOrder },
    {
      key: 'actions',
      header: 'Actions',
      render: (p) => (
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            onClick={() => setEditing(p)}
            aria-label={`Edit ${p.name}`}
            data-testid="package-edit"
          >
            Edit
          </Button>
          <Button
            size="small"
            color={p.active ? 'warning' : 'success'}
            onClick={() => (p.active ? setDeactivating(p) : setActive(p, true))}
            disabled={save.isPending}
            aria-label={`${p.active ? 'Deactivate' : 'Activate'} ${p.name}`}
            data-testid={p.active ? 'package-deactivate' : 'package-activate'}
          >
            {p.active ? 'Deactivate' : 'Activate'}
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <>
      <TabToolbar text="Active packages are the cards ISPs see on Our Packages. Prices are per month, in Taka.">
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing('new')}
          data-testid="package-add"
        >
          Add package
        </Button>
      </TabToolbar>
      <DataTable
        label="packages"
        columns={columns}
        rows={packages.data && sortPackages(packages.data)}
        rowKey={(p) => p.id}
        loading={packages.isPending}
        refreshing={packages.isFetching && !packages.isPending}
        error={packages.isError ? packages.error : null}
        onRetry={() => void packages.refetch()}
        empty="No packages yet. Add the first one to offer it to ISPs."
      />
      {editing && <PackageDialog pkg={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deactivating}
        title="Deactivate package?"
        text={
          deactivating
            ? `ISPs will no longer be offered ${deactivating.name}. Invoices already issued for it stay as they are.`
            : undefined
        }
        confirmLabel="Deactivate"
        busy={save.isPending}
        onConfirm={() => deactivating && setActive(deactivating, false)}
        onClose={() => setDeactivating(null)}
      />
    </>
  );
}
