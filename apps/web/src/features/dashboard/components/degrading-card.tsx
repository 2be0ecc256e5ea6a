import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardContent, CardHeader, Link, Typography } from '@mui/material';
import { DEGRADING_CROSSING_DBM, type DegradingOnu } from '@pondesk/contracts';
import { formatAgo, formatDay } from '../../../shared/format';
import { DataTable, type Column } from '../../../shared/ui/data-table';
import { formatDbm } from '../../onus';
import { onuListHref } from '../../onus/list-params';
import { crossingWhen, formatSlope } from '../degrading';
import { DEGRADING_PAGE_SIZE, useDegrading } from '../hooks';

const nowrap = { whiteSpace: 'nowrap' } as const;
const tabular = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function columns(listPath: string | null, now: Date): Column<DegradingOnu>[] {
  return [
    { key: 'olt', header: 'OLT', render: (o) => <Box sx={nowrap}>{o.oltName}</Box> },
    {
      key: 'onu',
      header: 'PON / ONU',
      render: (o) => {
        const label = `PON ${o.ponPort} · ONU ${o.onuId}`;
        return (
          <Box sx={nowrap}>
            {listPath ? (
              // The ONU list narrowed to this ONU, where its actions and PPPoE links are.
              <Link
                component={RouterLink}
                to={onuListHref(listPath, { oltId: o.oltId, ponPort: String(o.ponPort), search: o.ifName })}
                variant="body2"
                aria-label={`${label} on ${o.oltName}`}
              >
                {label}
              </Link>
            ) : (
              <Typography variant="body2">{label}</Typography>
            )}
            <Typography variant="caption" color="text.secondary" component="div">
              {o.ifName}
            </Typography>
          </Box>
        );
      },
    },
    {
      key: 'description',
      header: 'Description',
      render: (o) => (
        <Typography variant="body2" color={o.description ? 'text.primary' : 'text.secondary'}>
          {o.description || '—'}
        </Typography>
      ),
    },
    {
      key: 'rx',
      header: 'Rx now',
      align: 'right',
      render: (o) => <Box sx={tabular}>{formatDbm(o.rxDbm)}</Box>,
    },
    {
      key: 'slope',
      header: 'Slope',
      align: 'right',
      render: (o) => <Box sx={tabular}>{formatSlope(o.slopeDbPerDay)}</Box>,
    },
    {
      key: 'crossing',
      header: `Reaches ${DEGRADING_CROSSING_DBM} dBm`,
      render: (o) =>
        o.projectedCrossingOn ? (
          <Box sx={nowrap}>
            <Typography variant="body2">{formatDay(o.projectedCrossingOn)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {crossingWhen(o.projectedCrossingOn, now)}
            </Typography>
          </Box>
        ) : (
          '—'
        ),
    },
  ];
}

/**
 * ONUs whose rx has been falling steadily over the last week (the nightly trend), fastest first, with
 * the day each would reach −27 dBm at that pace. Its own query: the counts above never wait for it.
 */
export function DegradingCard({ onuListPath }: { onuListPath: string | null }) {
  const [page, setPage] = useState(1);
  const list = useDegrading(page);
  const data = list.data;
  // A page past the end (the list was made again, shorter) falls back to the last page.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && page > 1)
      setPage(Math.max(1, Math.ceil(data.total / DEGRADING_PAGE_SIZE)));
  }, [data, page]);
  const computedAt = data?.items[0]?.computedAt;
  const cols = useMemo(() => columns(onuListPath, new Date()), [onuListPath]);
  return (
    <Card variant="outlined" data-testid="dashboard-degrading">
      <CardHeader
        title="Degrading"
        subheader={
          computedAt
            ? `Signal falling steadily over the last 7 days; updated ${formatAgo(computedAt)}.`
            : 'Signal falling steadily over the last 7 days, updated once a day.'
        }
        slotProps={{ title: { variant: 'h6', component: 'h2' }, subheader: { variant: 'body2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <DataTable
          label="degrading ONUs"
          columns={cols}
          rows={data?.items}
          rowKey={(o) => o.onuRef}
          loading={list.isPending}
          refreshing={list.isFetching && list.isPlaceholderData}
          error={list.isError ? list.error : null}
          onRetry={() => void list.refetch()}
          empty="No ONU is losing signal steadily"
          paging={
            data && data.total > DEGRADING_PAGE_SIZE
              ? { page: data.page, pageSize: DEGRADING_PAGE_SIZE, total: data.total, onPageChange: setPage }
              : undefined
          }
        />
      </CardContent>
    </Card>
  );
}
