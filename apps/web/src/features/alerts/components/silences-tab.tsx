import { useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import type { AlertSilence } from '@pondesk/contracts';
import { formatDateTime } from '../../../shared/format';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { messageOf } from '../../../shared/ui/errors';
import { ListLoadStatus } from '../../../shared/ui/list-load-status';
import { useToast } from '../../../shared/ui/toast';
import { useNow } from '../../../shared/use-now';
import { silenceState } from '../alert-format';
import { useAlertSilences, useDeleteSilence } from '../hooks';
import { SILENCE_TARGET_LABELS } from '../silence-form';
import { SilenceFormDialog } from './silence-form-dialog';

const HEADERS = ['Target', 'From', 'Until', 'State', 'Reason', 'Set by', 'Actions'];

/** Maintenance windows in force or to come; an ended one drops off the list. */
export function SilencesTab() {
  const toast = useToast();
  const silences = useAlertSilences();
  const remove = useDeleteSilence();
  const now = useNow(30_000);
  const [adding, setAdding] = useState(false);
  const [toRemove, setToRemove] = useState<AlertSilence | null>(null);
  const rows = silences.data
    ?.filter((s) => silenceState(s, now) !== 'ended')
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));

  const confirmRemove = () => {
    if (!toRemove) return;
    remove.mutate(toRemove.id, {
      onSuccess: () => toast.success(`Alerts of ${toRemove.targetName} are sent again`),
      onError: (error) => toast.error(messageOf(error, 'Failed to remove the silence')),
      onSettled: () => setToRemove(null),
    });
  };

  return (
    <>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          While an OLT, switch or POP is silenced its alerts are recorded in the history but not sent.
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
          data-testid="silence-add"
        >
          Add silence
        </Button>
      </Stack>
      <Paper variant="outlined" aria-busy={silences.isPending}>
        <ListLoadStatus
          refreshing={silences.isFetching && !silences.isPending}
          error={silences.isError ? silences.error : null}
          onRetry={() => void silences.refetch()}
          what="the silences"
        />
        {rows?.length === 0 ? (
          <Box sx={{ py: 6, px: 2, textAlign: 'center' }} data-testid="silences-empty">
            <NotificationsOffIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
            <Typography sx={{ fontWeight: 600 }}>No active or scheduled silences</Typography>
            <Typography variant="body2" color="text.secondary">
              Silence an OLT, switch or POP during maintenance so its alerts are not sent.
            </Typography>
          </Box>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Silences">
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
                  silences.isPending &&
                  Array.from({ length: 3 }, (_, i) => (
                    <TableRow key={`skeleton-${i}`}>
                      {HEADERS.map((h) => (
                        <TableCell key={h}>
                          <Skeleton />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                {rows?.map((s) => {
                  const state = silenceState(s, now);
                  return (
                    <TableRow
                      key={s.id}
                      hover
                      data-testid="silence-row"
                      data-silence-id={s.id}
                      data-state={state}
                    >
                      <TableCell>
                        <Typography variant="caption" color="text.secondary" component="div">
                          {SILENCE_TARGET_LABELS[s.targetType] ?? s.targetType}
                        </Typography>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {s.targetName}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.startsAt)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.endsAt)}</TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          color={state === 'active' ? 'warning' : 'default'}
                          label={state === 'active' ? 'Active' : 'Scheduled'}
                        />
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 280 }}>
                        {s.reason ?? '—'}
                      </TableCell>
                      <TableCell>{s.createdBy ?? '—'}</TableCell>
                      <TableCell>
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setToRemove(s)}
                          aria-label={`Remove the silence of ${s.targetName}`}
                          data-testid="silence-remove"
                        >
                          Remove
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
      {adding && <SilenceFormDialog onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={!!toRemove}
        title="Remove this silence?"
        text={toRemove ? `Alerts of ${toRemove.targetName} will be sent again from now on.` : undefined}
        confirmLabel="Yes, remove it"
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setToRemove(null)}
      />
    </>
  );
}
