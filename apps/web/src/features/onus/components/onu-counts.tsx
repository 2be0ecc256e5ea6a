import { Card, CardActionArea, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import {
  ONU_DOWN_REASONS,
  ONU_DOWN_REASON_LABELS,
  type OnuDownReasonCode,
  type OnuList,
} from '@pondesk/contracts';
import type { OnuListParams } from '../list-params';

type Filter = Pick<OnuListParams, 'status' | 'reason'>;

/** The header's short words for each reason (the spec's 'Fiber-Down', 'Power-OFF'); the full label is the title. */
const SHORT: Record<OnuDownReasonCode, string> = {
  los: 'Fiber-Down',
  'power-off': 'Power-OFF',
  'wire-down': 'Wire-Down',
  reboot: 'Rebooted',
  admin: 'Disabled',
  unknown: 'Unknown',
};

/** Header counts of the filtered list; each one filters the table (again: back to all). */
export function OnuCounts({
  counts,
  params,
  onFilter,
}: {
  counts: OnuList['counts'] | undefined;
  params: OnuListParams;
  onFilter: (f: Filter) => void;
}) {
  const tiles: {
    key: string;
    label: string;
    title?: string;
    value: number | undefined;
    filter: Filter;
    color?: string;
  }[] = [
    { key: 'total', label: 'Total', value: counts?.total, filter: { status: '', reason: '' } },
    {
      key: 'online',
      label: 'Online',
      value: counts?.online,
      filter: { status: 'online', reason: '' },
      color: 'success.main',
    },
    {
      key: 'offline',
      label: 'Offline',
      value: counts?.offline,
      filter: { status: 'offline', reason: '' },
      color: 'error.main',
    },
    ...ONU_DOWN_REASONS.filter((r) => (r !== 'admin' && r !== 'reboot') || (counts?.reasons[r] ?? 0) > 0).map(
      (r: OnuDownReasonCode) => ({
        key: r,
        label: SHORT[r],
        title: ONU_DOWN_REASON_LABELS[r],
        value: counts?.reasons[r],
        filter: { status: 'offline' as const, reason: r },
        color: 'warning.main',
      }),
    ),
  ];
  return (
    <Grid container spacing={1.5} sx={{ mb: 2 }}>
      {tiles.map((t) => {
        const active = params.status === t.filter.status && params.reason === t.filter.reason;
        return (
          <Grid key={t.key} size={{ xs: 6, sm: 4, md: 'grow' }}>
            <Card
              variant="outlined"
              sx={{ borderColor: active ? 'primary.main' : undefined, height: '100%' }}
              data-testid={`onu-count-${t.key}`}
            >
              <CardActionArea
                title={t.title}
                onClick={() => onFilter(active ? { status: '', reason: '' } : t.filter)}
                aria-pressed={active}
                sx={{ height: '100%' }}
              >
                <CardContent sx={{ py: 1.5 }}>
                  <Typography variant="caption" color="text.secondary" noWrap component="p">
                    {t.label}
                  </Typography>
                  <Typography
                    variant="h6"
                    sx={{ color: t.color, fontVariantNumeric: 'tabular-nums' }}
                    data-testid="onu-count-value"
                  >
                    {t.value === undefined ? <Skeleton width={40} /> : t.value}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}
