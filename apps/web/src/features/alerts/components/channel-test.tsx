import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import type { AlertChannel } from '@pondesk/contracts';
import { messageOf } from '../../../shared/ui/errors';
import { useTestAlertChannel } from '../hooks';

/** 'Send test' of one channel and, under it, what the channel's API answered (green) or why it failed (red). */
export function ChannelTest({ channel }: { channel: AlertChannel }) {
  const test = useTestAlertChannel();
  const result = test.isPending
    ? null
    : test.isError
      ? { ok: false, message: messageOf(test.error, 'The test could not be sent') }
      : (test.data ?? null);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        size="small"
        variant="outlined"
        onClick={() => test.mutate(channel.id)}
        disabled={test.isPending}
        aria-busy={test.isPending}
        aria-label={`Send a test message through ${channel.name}`}
        startIcon={test.isPending ? <CircularProgress size={14} color="inherit" /> : <SendIcon />}
        data-testid="channel-test"
      >
        {test.isPending ? 'Sending…' : 'Send test'}
      </Button>
      <Typography
        role="status"
        variant="caption"
        data-testid="channel-test-result"
        data-ok={result ? String(result.ok) : undefined}
        sx={{
          color: result ? (result.ok ? 'success.main' : 'error.main') : undefined,
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          overflowWrap: 'anywhere',
          maxWidth: 320,
        }}
      >
        {result &&
          (result.ok ? (
            <CheckCircleIcon sx={{ fontSize: 14 }} aria-hidden />
          ) : (
            <ErrorIcon sx={{ fontSize: 14 }} aria-hidden />
          ))}
        {result?.message}
      </Typography>
    </Stack>
  );
}
