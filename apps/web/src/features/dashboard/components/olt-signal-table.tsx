import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Card, CardContent, CardHeader, Link } from '@mui/material';
import type { DashboardSummary } from '@pondesk/contracts';
import { DataTable, type Column } from '../../../shared/ui/data-table';
import { pageSlice } from '../summary';

type OltRow = DashboardSummary['olts'][number];

/** One row per OLT, so paging stays in the browser. */
const PAGE_SIZE = 20;

const num = (n: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{n}</span>;

function columns(linkNames: boolean): Column<OltRow>[] {
  return [
    {
      key: 'code',
      header: 'OLT ID',
      width: 96,
      render: (o) => <span style={{ whiteSpace: 'nowrap' }}>{o.code}</span>,
    },
    {
      key: 'name',
      header: 'Name',
      render: (o) =>
        linkNames ? (
          <Link
            component={RouterLink}
            to={`/olt-list/${encodeURIComponent(o.oltId)}`}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {o.name}
          </Link>
        ) : (
          o.name
        ),
    },
    { key: 'ports', header: 'Data ports', align: 'right', render: (o) => num(o.dataPortCount) },
    { key: 'below28', header: '-28 dBm or worse', align: 'right', render: (o) => num(o.below28) },
    { key: 'below30', header: '-30 dBm or worse', align: 'right', render: (o) => num(o.below30) },
  ];
}

/** The OLT table: data ports and weak ONUs per OLT; names open the OLT for holders of Olt List. */
export function OltSignalTable({
  olts,
  loading,
  linkNames,
}: {
  olts: OltRow[] | undefined;
  loading: boolean;
  linkNames: boolean;
}) {
  const [page, setPage] = useState(1);
  const rows = olts ? pageSlice(olts, page, PAGE_SIZE) : undefined;
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="dashboard-olt-table">
      <CardHeader
        title="OLT list"
        subheader="ONUs with a weak signal on each OLT"
        slotProps={{ title: { variant: 'h6', component: 'h2' }, subheader: { variant: 'body2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <DataTable
          label="OLT list"
          columns={columns(linkNames)}
          rows={rows}
          rowKey={(o) => o.oltId}
          loading={loading}
          empty="No OLT yet."
          paging={
            olts && olts.length > PAGE_SIZE
              ? {
                  page: Math.min(page, Math.ceil(olts.length / PAGE_SIZE)),
                  pageSize: PAGE_SIZE,
                  total: olts.length,
                  onPageChange: setPage,
                }
              : undefined
          }
        />
      </CardContent>
    </Card>
  );
}
