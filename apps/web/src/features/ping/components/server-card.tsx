import { memo } from 'react';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  IconButton,
  Stack,
  Tooltip,
  Typography,
  alpha,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import TimelineIcon from '@mui/icons-material/Timeline';
import { LATENCY_HISTORY_MAX_HOURS } from '@pondesk/contracts';
import { FieldGrid } from '../../../shared/ui/field-grid';
import { alertText, formatLatency, formatLoss, stateBadge, WAITING_TEXT } from '../format';
import { lossOverMinute, type LiveServer } from '../live';
import { LatencyCardChart } from './latency-chart';

/** The logo (at most 100 px wide), or the name's first letter. */
export function ServerLogo({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  if (logoUrl)
    return (
      <Box
        component="img"
        src={logoUrl}
        alt={`${name} logo`}
        data-testid="server-logo"
        sx={{ maxWidth: 100, maxHeight: 48, objectFit: 'contain', flexShrink: 0 }}
      />
    );
  return (
    <Avatar aria-hidden variant="rounded" sx={{ bgcolor: 'primary.main', width: 44, height: 44 }}>
      {name.charAt(0).toUpperCase()}
    </Avatar>
  );
}

/**
 * One server of the IP monitor: its latency now, the loss over the last minute and the live line of its
 * last points; red with the reason while it is in alert (slower than its limit, or not answering).
 */
export const ServerCard = memo(function ServerCard({
  server,
  onEdit,
  onDelete,
  onHistory,
}: {
  server: LiveServer;
  onEdit: (server: LiveServer) => void;
  onDelete: (server: LiveServer) => void;
  onHistory: (server: LiveServer) => void;
}) {
  const alert = server.state === 'alert';
  const badge = stateBadge(server.state);
  const why = alertText(server);
  const noPoints = server.recent.length === 0;
  return (
    <Card
      variant="outlined"
      data-testid="server-card"
      data-id={server.id}
      data-name={server.name}
      data-state={server.state}
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderColor: alert ? 'error.main' : undefined,
        borderWidth: alert ? 2 : undefined,
      }}
    >
      {alert && (
        // The red overlay of an alerting card: under the content (so the badge keeps its red), over the card.
        <Box
          aria-hidden
          data-testid="server-alert-overlay"
          sx={(t) => ({
            position: 'absolute',
            inset: 0,
            zIndex: 0,
            pointerEvents: 'none',
            bgcolor: alpha(t.palette.error.main, t.palette.mode === 'dark' ? 0.18 : 0.1),
          })}
        />
      )}
      <CardContent sx={{ flexGrow: 1, pb: 1, position: 'relative', zIndex: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
          <ServerLogo name={server.name} logoUrl={server.logoUrl} />
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography
              variant="subtitle1"
              component="h2"
              sx={{ fontWeight: 700, lineHeight: 1.3 }}
              noWrap
              title={server.name}
              data-testid="server-name"
            >
              {server.name}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ fontFamily: 'monospace' }}
              data-testid="server-ip"
            >
              {server.ip}
            </Typography>
          </Box>
          <Chip
            size="small"
            label={badge.label}
            color={badge.color}
            data-testid="server-badge"
            data-state={server.state}
            sx={{ fontWeight: 700, minWidth: 56 }}
          />
        </Stack>
        <Typography
          variant="body2"
          color={alert ? 'error' : 'text.secondary'}
          aria-live="polite"
          data-testid="server-alert-reason"
          data-reason={server.alertReason ?? ''}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            minHeight: 22,
            fontWeight: alert ? 600 : 400,
          }}
        >
          {why ? (
            <>
              <ErrorOutlineIcon fontSize="small" aria-hidden />
              {why}
            </>
          ) : noPoints ? (
            WAITING_TEXT
          ) : null}
        </Typography>
        <FieldGrid
          columns={{ xs: 'repeat(3, 1fr)' }}
          items={[
            [
              'Latency',
              <span data-testid="server-latency">{noPoints ? '—' : formatLatency(server.lastRttMs)}</span>,
            ],
            ['Loss (1 min)', <span data-testid="server-loss">{formatLoss(lossOverMinute(server))}</span>],
            ['Limit', `${server.latencyLimitMs} ms`],
          ]}
          sx={{ rowGap: 0.5 }}
        />
        <Box sx={{ mt: 1 }}>
          <LatencyCardChart
            points={server.recent}
            limitMs={server.latencyLimitMs}
            alert={alert}
            label={`Latency of ${server.name}, last ${server.recent.length} seconds`}
          />
        </Box>
      </CardContent>
      <CardActions sx={{ pt: 0, position: 'relative', zIndex: 1 }}>
        <Button
          size="small"
          startIcon={<TimelineIcon />}
          onClick={() => onHistory(server)}
          aria-label={`${LATENCY_HISTORY_MAX_HOURS} h history of ${server.name}`}
        >
          {LATENCY_HISTORY_MAX_HOURS} h history
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${server.name}`} onClick={() => onEdit(server)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton
            size="small"
            color="error"
            aria-label={`Delete ${server.name}`}
            onClick={() => onDelete(server)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </CardActions>
    </Card>
  );
});
