import {
  Box,
  Card,
  CardContent,
  CardHeader,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { SIGNAL_BANDS, type DashboardSummary, type SignalBandKey } from '@pondesk/contracts';
import { bandShares, formatCount, unreadCount, type SignalBandSummary } from '../summary';

export function Swatch({ color, size = 14 }: { color: string; size?: number }) {
  return (
    <Box
      aria-hidden
      sx={{ width: size, height: size, borderRadius: 0.75, bgcolor: color, flexShrink: 0, boxShadow: 1 }}
    />
  );
}

/** How the read ONUs spread over the bands, as one stacked bar (the list below says the same in words). */
function Distribution({ bands }: { bands: SignalBandSummary[] }) {
  const shares = bandShares(bands);
  if (!shares.some((s) => s > 0)) return null;
  return (
    <Stack direction="row" aria-hidden sx={{ height: 10, borderRadius: 5, overflow: 'hidden', mb: 1 }}>
      {bands.map((b, i) =>
        shares[i] > 0 ? (
          <Tooltip key={b.key} title={`${b.name}: ${formatCount(b.count)}`}>
            <Box sx={{ width: `${shares[i]}%`, bgcolor: b.color }} />
          </Tooltip>
        ) : null,
      )}
    </Stack>
  );
}

/** The dB groups: each band with its colour and count; choosing one opens its ONUs. */
export function SignalBands({
  summary,
  onOpen,
}: {
  summary: DashboardSummary | undefined;
  onOpen: (band: SignalBandKey) => void;
}) {
  const unread = summary ? unreadCount(summary) : 0;
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="dashboard-bands">
      <CardHeader
        title="dB groups"
        subheader="ONUs by received signal; choose a group to see its ONUs"
        slotProps={{ title: { variant: 'h6', component: 'h2' }, subheader: { variant: 'body2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {summary && <Distribution bands={summary.bands} />}
        <List disablePadding aria-label="dB groups">
          {summary
            ? summary.bands.map((b) => (
                <ListItem key={b.key} disablePadding>
                  <ListItemButton
                    onClick={() => onOpen(b.key)}
                    aria-haspopup="dialog"
                    data-testid={`dashboard-band-${b.key}`}
                    sx={{ borderRadius: 1, gap: 1.5 }}
                  >
                    <Swatch color={b.color} />
                    <ListItemText
                      primary={b.name}
                      secondary={b.description}
                      slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                    />
                    <Typography
                      component="span"
                      data-testid="dashboard-band-count"
                      sx={{
                        fontWeight: 700,
                        fontVariantNumeric: 'tabular-nums',
                        minWidth: 48,
                        textAlign: 'right',
                      }}
                    >
                      {b.count}
                    </Typography>
                  </ListItemButton>
                </ListItem>
              ))
            : SIGNAL_BANDS.map((b) => (
                <ListItem key={b.key} sx={{ gap: 1.5 }}>
                  <Swatch color={b.color} />
                  <ListItemText primary={b.name} secondary={<Skeleton width="80%" />} />
                  <Skeleton width={40} />
                </ListItem>
              ))}
        </List>
        {summary && unread > 0 && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {`${formatCount(unread)} ONU${unread === 1 ? ' has' : 's have'} no reading (offline or not read yet).`}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
