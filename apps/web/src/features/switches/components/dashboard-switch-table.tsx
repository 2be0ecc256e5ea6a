import { useEffect, useState } from 'react';
import { Card, CardContent, CardHeader } from '@mui/material';
import { SWITCH_MESSAGES, SWITCH_PORTS_PAGE_SIZE, type SwitchPortSort } from '@pondesk/contracts';
import { useSwitchLiveUpdates, useSwitchPorts } from '../hooks';
import { nextSort, pageCount } from '../list-params';
import { PortTable } from './port-table';

/**
 * The dashboard's switch table (spec 1, code 2009): every switch port, 20 a page from the server, with
 * power badges, kept live; the ports in trouble (down, critical, warning) first. It stays hidden until there are ports to show (spec: "when data exists").
 */
export function DashboardSwitchTable() {
  useSwitchLiveUpdates();
  const [page, setPage] = useState(1);
  const [sorting, setSorting] = useState<{ sort: SwitchPortSort; order: 'asc' | 'desc' }>({
    sort: 'power',
    order: 'asc',
  });
  const list = useSwitchPorts({ page, pageSize: SWITCH_PORTS_PAGE_SIZE, ...sorting });
  const data = list.data;
  // A page past the end (ports of a deleted switch gone) falls back to the last page.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && page > 1) setPage(pageCount(data.total));
  }, [data, page]);
  if (!data || data.total === 0) return null;
  return (
    <Card variant="outlined" data-testid="dashboard-switch-table">
      <CardHeader
        title="Switch list"
        subheader={`${data.counts.down} down, ${data.counts.critical} critical, ${data.counts.warning} warning of ${data.counts.total} ports`}
        slotProps={{ title: { variant: 'h6', component: 'h2' }, subheader: { variant: 'body2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <PortTable
          label="Switch ports on the dashboard"
          rows={data.items}
          total={data.total}
          page={page}
          sort={sorting.sort}
          order={sorting.order}
          loading={list.isPending}
          refreshing={list.isFetching && !list.isPending}
          error={list.isError ? list.error : null}
          onRetry={() => void list.refetch()}
          emptyText={SWITCH_MESSAGES.noPorts}
          onSort={(sort) => setSorting((current) => nextSort(current, sort))}
          onPage={setPage}
        />
      </CardContent>
    </Card>
  );
}
