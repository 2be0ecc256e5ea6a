import { useState } from 'react';
import {
  Box,
  Button,
  Chip,
  IconButton,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SendIcon from '@mui/icons-material/Send';
import { ALERT_CHANNEL_KIND_LABELS, type AlertChannel } from '@pondesk/contracts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { messageOf } from '../../../shared/ui/errors';
import { ListLoadStatus } from '../../../shared/ui/list-load-status';
import { useToast } from '../../../shared/ui/toast';
import { channelTargets } from '../alert-format';
import { useAlertChannels, useDeleteAlertChannel } from '../hooks';
import { ChannelFormDialog } from './channel-form-dialog';
import { ChannelTest } from './channel-test';

const HEADERS = ['Name', 'Kind', 'Sends to', 'Status', 'Rate', 'Test', 'Actions'];

/** Where alerts go: Telegram chats, WhatsApp numbers and webhooks, each with a 'Send test'. */
export function ChannelsTab() {
  const toast = useToast();
  const channels = useAlertChannels();
  const remove = useDeleteAlertChannel();
  // undefined: the dialog is closed; null: Add; a channel: Edit.
  const [editing, setEditing] = useState<AlertChannel | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<AlertChannel | null>(null);
  const rows = channels.data;

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast.success(`Channel ${toDelete.name} deleted`),
      onError: (error) => toast.error(messageOf(error, 'Failed to delete the channel')),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          Every enabled channel gets each alert that is not silenced. Tokens and secrets are stored encrypted.
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing(null)}
          data-testid="channel-add"
        >
          Add channel
        </Button>
      </Stack>
      <Paper variant="outlined" aria-busy={channels.isPending}>
        <ListLoadStatus
          refreshing={channels.isFetching && !channels.isPending}
          error={channels.isError ? channels.error : null}
          onRetry={() => void channels.refetch()}
          what="the channels"
        />
        {rows?.length === 0 ? (
          <Box sx={{ py: 6, px: 2, textAlign: 'center' }} data-testid="channels-empty">
            <SendIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
            <Typography sx={{ fontWeight: 600 }}>No channels yet</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Add a Telegram chat, WhatsApp numbers or a webhook to be told when an alert fires.
            </Typography>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
              Add channel
            </Button>
          </Box>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Alert channels">
              <TableHead>
                <TableRow>
                  {HEADERS.map((h) => (
                    <TableCell key={h} sx={{ fontWeight: 700 }}>
                      {h}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {!rows &&
                  channels.isPending &&
                  Array.from({ length: 3 }, (_, i) => (
                    <TableRow key={`skeleton-${i}`}>
                      {HEADERS.map((h) => (
                        <TableCell key={h}>
                          <Skeleton />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                {rows?.map((c) => (
                  <TableRow
                    key={c.id}
                    hover
                    data-testid="channel-row"
                    data-channel-id={c.id}
                    data-channel-name={c.name}
                  >
                    <TableCell sx={{ fontWeight: 600 }}>{c.name}</TableCell>
                    <TableCell>{ALERT_CHANNEL_KIND_LABELS[c.kind] ?? c.kind}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>
                      {channelTargets(c)}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={c.enabled ? 'success' : 'default'}
                        variant={c.enabled ? 'filled' : 'outlined'}
                        label={c.enabled ? 'Enabled' : 'Disabled'}
                      />
                      {!c.hasSecret && (
                        <Chip
                          size="small"
                          color="warning"
                          variant="outlined"
                          label="No token"
                          sx={{ ml: 0.5 }}
                        />
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.ratePerMinute} / min</TableCell>
                    <TableCell>
                      <ChannelTest channel={c} />
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={0.5}>
                        <Tooltip title="Edit">
                          <IconButton
                            size="small"
                            aria-label={`Edit ${c.name}`}
                            onClick={() => setEditing(c)}
                            data-testid="channel-edit"
                          >
                            <EditIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title="Delete">
                          <IconButton
                            size="small"
                            aria-label={`Delete ${c.name}`}
                            onClick={() => setToDelete(c)}
                            data-testid="channel-delete"
                          >
                            <DeleteIcon fontSize="small" color="error" />
                          </IconButton>
                        </Tooltip>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
      {editing !== undefined && <ChannelFormDialog channel={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        open={!!toDelete}
        text={
          toDelete
            ? `${toDelete.name} will no longer get alerts; its stored ${toDelete.kind === 'webhook' ? 'secret' : 'token'} is deleted.`
            : undefined
        }
        confirmLabel="Yes, delete it!"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
