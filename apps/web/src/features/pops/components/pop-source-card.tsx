import { memo } from 'react';
import { Box, Card, CardContent, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import type { PopSourceRow } from '@pondesk/contracts';
import { formatAgo } from '../../../shared/format';
import { downForText, STATE_LABELS, typeLabel } from '../format';

/** The state's icon (spec 3 §4): a green check when up, a red cross when down, a question before the first check. */
function StateIcon({ source }: { source: PopSourceRow }) {
  const label = STATE_LABELS[source.state];
  if (source.state === 'up')
    return (
      <CheckCircleIcon color="success" titleAccess={label} data-testid="pop-source-icon" data-icon="up" />
    );
  if (source.state === 'down')
    return (
      <CancelIcon
        sx={{ color: 'inherit' }}
        titleAccess={label}
        data-testid="pop-source-icon"
        data-icon="down"
      />
    );
  return (
    <HelpOutlineIcon
      color="disabled"
      titleAccess="Not checked yet"
      data-testid="pop-source-icon"
      data-icon="unknown"
    />
  );
}

/**
 * One power source on the POP dashboard: red while it is down, with how long; the time counts on
 * with `now`.
 */
export const PopSourceCard = memo(function PopSourceCard({
  source,
  now,
  onDelete,
}: {
  source: PopSourceRow;
  now: number;
  /** Offered to holders of the Pop List's code, which deleting a source needs. */
  onDelete?: (source: PopSourceRow) => void;
}) {
  const down = source.state === 'down';
  return (
    <Card
      variant="outlined"
      data-testid="pop-source-card"
      data-id={source.id}
      data-state={source.state}
      data-ip={source.ip}
      sx={{
        height: '100%',
        ...(down && { bgcolor: 'error.main', color: 'error.contrastText', borderColor: 'error.dark' }),
      }}
    >
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ pt: 0.25, color: down ? 'inherit' : undefined }}>
            <StateIcon source={source} />
          </Box>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography
              variant="subtitle1"
              component="h2"
              noWrap
              title={source.popName}
              sx={{ fontWeight: 700, lineHeight: 1.3 }}
              data-testid="pop-source-name"
            >
              {source.popName}
            </Typography>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', opacity: down ? 0.9 : 0.75 }}>
              {source.ip}
            </Typography>
          </Box>
          <Chip
            size="small"
            variant="outlined"
            label={typeLabel(source.type)}
            data-testid="source-type"
            data-type={source.type}
            sx={down ? { color: 'inherit', borderColor: 'currentColor' } : undefined}
            color={down ? undefined : source.type === 'generator' ? 'warning' : 'info'}
          />
        </Stack>
        <Stack direction="row" sx={{ alignItems: 'center', mt: 1, minHeight: 30 }}>
          <Typography
            variant="body2"
            sx={{ fontWeight: down ? 700 : 400, flexGrow: 1 }}
            color={down ? 'inherit' : 'text.secondary'}
            data-testid="pop-source-status"
          >
            {down
              ? downForText(source.stateSince, now)
              : source.state === 'up'
                ? `Up · last reply ${formatAgo(source.lastReplyAt, now)}`
                : 'Not checked yet'}
          </Typography>
          {onDelete && (
            <Tooltip title="Delete">
              <IconButton
                size="small"
                aria-label={`Delete ${source.popName} ${typeLabel(source.type)} ${source.ip}`}
                onClick={() => onDelete(source)}
                sx={{ color: down ? 'inherit' : undefined }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
});
