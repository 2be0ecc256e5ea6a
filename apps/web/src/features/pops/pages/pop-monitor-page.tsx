import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Grid, Paper, Skeleton, Typography } from '@mui/material';
import EvStationIcon from '@mui/icons-material/EvStation';
import { Permission, type PopSourceRow } from '@pondesk/contracts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { messageOf } from '../../../shared/ui/errors';
import { ListLoadStatus } from '../../../shared/ui/list-load-status';
import { PageHeader } from '../../../shared/ui/page-header';
import { useToast } from '../../../shared/ui/toast';
import { useNow } from '../../../shared/use-now';
import { hasCode } from '../../auth/session-store';
import { useSession } from '../../auth/session';
import { PopSourceCard } from '../components/pop-source-card';
import { PopSummaryCards } from '../components/pop-summary-cards';
import { sourceDeleteText } from '../format';
import { useDeletePopSource, usePopMonitor } from '../hooks';

const CARD_SIZE = { xs: 12, sm: 6, md: 4, lg: 3, xl: 2 } as const;

/**
 * /pop-monitor (2014): the power of every POP at a glance. Read every 6 seconds (spec 3 §9), and each
 * source that goes down or comes back is patched in as the worker pushes it.
 */
export default function PopMonitorPage() {
  const toast = useToast();
  const now = useNow(15_000);
  const { user } = useSession();
  const canEdit = hasCode(user, Permission.PopList);
  const monitor = usePopMonitor();
  const remove = useDeletePopSource();
  const [deleting, setDeleting] = useState<PopSourceRow | null>(null);
  const onDelete = useCallback((s: PopSourceRow) => setDeleting(s), []);
  const cards = monitor.data?.cards;

  return (
    <Box sx={{ maxWidth: 1800, mx: 'auto' }} data-testid="pop-monitor-page">
      <PageHeader
        title="Pop Monitor"
        subtitle="Mains and generator power of your POPs, live"
        actions={
          canEdit && (
            <Button variant="outlined" component={RouterLink} to="/pop-list">
              Pop List
            </Button>
          )
        }
      />
      <PopSummaryCards monitor={monitor.data} failed={monitor.isError && !monitor.data} />
      {monitor.isError && (
        <Paper variant="outlined" sx={{ mb: 2, overflow: 'hidden' }}>
          <ListLoadStatus
            refreshing={false}
            error={monitor.error}
            onRetry={() => void monitor.refetch()}
            what="the POP monitor"
            testId="pop-monitor-error"
          />
        </Paper>
      )}
      <Grid container spacing={2} aria-busy={monitor.isPending}>
        {monitor.isPending &&
          Array.from({ length: 8 }, (_, i) => (
            <Grid key={i} size={CARD_SIZE}>
              <Skeleton variant="rounded" height={104} />
            </Grid>
          ))}
        {cards?.map((s) => (
          <Grid key={s.id} size={CARD_SIZE}>
            <PopSourceCard source={s} now={now} onDelete={canEdit ? onDelete : undefined} />
          </Grid>
        ))}
      </Grid>
      {cards?.length === 0 && (
        <Paper variant="outlined" sx={{ py: 6, px: 2, textAlign: 'center' }} data-testid="pop-monitor-empty">
          <EvStationIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
          <Typography sx={{ fontWeight: 600 }}>No power sources watched yet</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: canEdit ? 2 : 0 }}>
            Add a POP on the Area List, then its generator and mains devices on the Pop List.
          </Typography>
          {canEdit && (
            <Button variant="contained" component={RouterLink} to="/pop-list">
              Open the Pop List
            </Button>
          )}
        </Paper>
      )}
      <ConfirmDialog
        open={!!deleting}
        text={deleting ? sourceDeleteText(deleting) : undefined}
        confirmLabel="Yes, delete it!"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success('Power source deleted successfully!'),
            onError: (e) => toast.error(messageOf(e, `Failed to delete the power source ${deleting.ip}.`)),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </Box>
  );
}
