import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { BillingCycle } from '@pondesk/contracts';
import { DataTable, type Column } from '../../../shared/ui/data-table';
import { messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import { cycleWithActive, sortCycles } from '../catalogue-forms';
import { useCycles, useSaveCycle } from '../hooks';
import { ActiveChip } from './active-chip';
import { CycleDialog } from './cycle-dialog';
import { TabToolbar } from './tab-toolbar';

/** The 'Select Month' choices of the package popup. */
export function CyclesTab() {
  const toast = useToast();
  const cycles = useCycles();
  const save = useSaveCycle();
  const [editing, setEditing] = useState<BillingCycle | 'new' | null>(null);

  const setActive = (c: BillingCycle, active: boolean) =>
    save.mutate(
      { id: c.id, body: cycleWithActive(c, active) },
      {
        onSuccess: () => toast.success(`Billing cycle ${c.label} ${active ? 'activated' : 'deactivated'}`),
        onError: (error) => toast.error(messageOf(error, 'Failed to change the billing cycle')),
      },
    );

  const columns: Column<BillingCycle>[] = [
    { key: 'months', header: 'Months', align: 'right', render: (c) => c.months },
    { key: 'label', header: 'Label', render: (c) => c.label },
    { key: 'active', header: 'Active', render: (c) => <ActiveChip active={c.active} /> },
    {
      key: 'actions',
      header: 'Actions',
      render: (c) => (
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            onClick={() => setEditing(c)}
            aria-label={`Edit ${c.label}`}
            data-testid="cycle-edit"
          >
            Edit
          </Button>
          <Button
            size="small"
            color={c.active ? 'warning' : 'success'}
            onClick={() => setActive(c, !c.active)}
            disabled={save.isPending}
            aria-label={`${c.active ? 'Deactivate' : 'Activate'} ${c.label}`}
            data-testid={c.active ? 'cycle-deactivate' : 'cycle-activate'}
          >
            {c.active ? 'Deactivate' : 'Activate'}
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <>
      <TabToolbar text="Active cycles are the months an ISP can choose when buying a package.">
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing('new')}
          data-testid="cycle-add"
        >
          Add billing cycle
        </Button>
      </TabToolbar>
      <DataTable
        label="billing cycles"
        columns={columns}
        rows={cycles.data && sortCycles(cycles.data)}
        rowKey={(c) => c.id}
        loading={cycles.isPending}
        refreshing={cycles.isFetching && !cycles.isPending}
        error={cycles.isError ? cycles.error : null}
        onRetry={() => void cycles.refetch()}
        empty="No billing cycles yet. Add one so ISPs can choose how many months to buy."
      />
      {editing && <CycleDialog cycle={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
