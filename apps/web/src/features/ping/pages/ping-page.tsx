import { useCallback, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Box, Button, Grid, Paper, Skeleton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DnsIcon from '@mui/icons-material/Dns';
import { ListLoadStatus } from '../../../shared/ui/list-load-status';
import { PageHeader } from '../../../shared/ui/page-header';
import { SearchField } from '../../../shared/ui/search-field';
import { DeleteServerDialog } from '../components/delete-server-dialog';
import { ServerCard } from '../components/server-card';
import { ServerFormDialog } from '../components/server-form-dialog';
import { ServerHistoryDialog } from '../components/server-history-dialog';
import { useLiveServers } from '../hooks';
import type { LiveServer } from '../live';

const CARD_SIZE = { xs: 12, sm: 6, lg: 4, xl: 3 } as const;

/** How many servers there are and how many are red, for the line under the search. */
function countText(servers: readonly LiveServer[]): string {
  const alert = servers.filter((s) => s.state === 'alert').length;
  const n = `${servers.length} server${servers.length === 1 ? '' : 's'}`;
  return alert ? `${n} · ${alert} in alert` : n;
}

/**
 * /ping (2012): the IP monitor. Each server is pinged every second by the worker; its card shows the
 * latency now, the loss over the last minute and a live line of its last points, pushed over the socket.
 */
export default function PingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = (searchParams.get('q') ?? '').slice(0, 100);
  const onSearch = useCallback(
    (q: string) => setSearchParams(q ? { q } : {}, { replace: true }),
    [setSearchParams],
  );
  const live = useLiveServers(search.trim());
  const servers = live.servers;
  const [editing, setEditing] = useState<LiveServer | 'new' | null>(null);
  const [deleting, setDeleting] = useState<LiveServer | null>(null);
  const [history, setHistory] = useState<LiveServer | null>(null);
  const onEdit = useCallback((s: LiveServer) => setEditing(s), []);
  const onDelete = useCallback((s: LiveServer) => setDeleting(s), []);
  const onHistory = useCallback((s: LiveServer) => setHistory(s), []);

  return (
    <Box sx={{ maxWidth: 1800, mx: 'auto' }} data-testid="ping-page">
      <PageHeader
        title="Ping"
        subtitle="Servers pinged every second: latency, loss and the last ten replies"
        actions={
          <>
            <Button variant="outlined" component={RouterLink} to="/" startIcon={<ArrowBackIcon />}>
              Back
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Add New
            </Button>
          </>
        }
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <SearchField
          value={search}
          onChange={onSearch}
          placeholder="Search..."
          ariaLabel="Search the servers"
          minWidth={260}
          testId="ping-search"
        />
        {servers && (
          <Typography variant="body2" color="text.secondary" data-testid="ping-count">
            {countText(servers)}
          </Typography>
        )}
      </Stack>
      <Paper
        variant="outlined"
        sx={{ mb: 2, overflow: 'hidden', display: live.error || live.refreshing ? 'block' : 'none' }}
      >
        <ListLoadStatus
          refreshing={live.refreshing}
          error={live.error}
          onRetry={live.retry}
          what="the servers"
          testId="ping-error"
        />
      </Paper>
      <Grid container spacing={2} aria-busy={live.loading}>
        {live.loading &&
          Array.from({ length: 6 }, (_, i) => (
            <Grid key={i} size={CARD_SIZE}>
              <Skeleton variant="rounded" height={330} data-testid="server-skeleton" />
            </Grid>
          ))}
        {servers?.map((s) => (
          <Grid key={s.id} size={CARD_SIZE}>
            <ServerCard server={s} onEdit={onEdit} onDelete={onDelete} onHistory={onHistory} />
          </Grid>
        ))}
      </Grid>
      {servers?.length === 0 && (
        <Paper variant="outlined" sx={{ py: 6, px: 2, textAlign: 'center' }} data-testid="ping-empty">
          <DnsIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
          {search.trim() ? (
            <>
              <Typography sx={{ fontWeight: 600 }}>No server matches “{search.trim()}”</Typography>
              <Button sx={{ mt: 1 }} onClick={() => onSearch('')}>
                Clear the search
              </Button>
            </>
          ) : (
            <>
              <Typography sx={{ fontWeight: 600 }}>No servers yet</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                Add a server to ping it every second and see its latency live.
              </Typography>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
                Add New
              </Button>
            </>
          )}
        </Paper>
      )}
      {editing && (
        <ServerFormDialog server={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && <DeleteServerDialog server={deleting} onClose={() => setDeleting(null)} />}
      {history && <ServerHistoryDialog server={history} onClose={() => setHistory(null)} />}
    </Box>
  );
}
