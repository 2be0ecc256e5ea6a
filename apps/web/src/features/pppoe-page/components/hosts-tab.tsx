import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
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
import DevicesOtherIcon from '@mui/icons-material/DevicesOther';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { SubscriberHost } from '@pondesk/contracts';
import { formatTime } from '../../../shared/format';
import { messageOf } from '../../../shared/ui/errors';
import { useLiveHosts } from '../hooks';
import { routerProblem } from '../live-format';

const SOURCE_LABELS: Record<SubscriberHost['source'], string> = {
  session: 'PPP session',
  arp: 'ARP',
  dhcp: 'DHCP lease',
};

/**
 * The Hosts tab: what the OLT's MikroTik sees behind the subscriber's session, read when the tab opens
 * and again on Refresh. A PPPoE session is point to point, so the list is often just the session's own
 * address; the note says so.
 */
export function HostsTab({ onuId, pppoe }: { onuId: string | undefined; pppoe: string | undefined }) {
  const query = useLiveHosts(onuId, pppoe, true);
  const data = query.data;
  const problem = query.isError
    ? `Could not read the hosts: ${messageOf(query.error, 'the server did not answer.')}`
    : data
      ? routerProblem(data.router)
      : null;
  const reading = query.isFetching;

  return (
    <Paper variant="outlined" component="section" aria-label="Hosts" sx={{ p: 2 }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}
      >
        <Box>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            Hosts behind the session
          </Typography>
          {data && !query.isError && (
            <Typography variant="caption" color="text.secondary" data-testid="hosts-read-at">
              Read from the MikroTik router at {formatTime(data.readAt)}
            </Typography>
          )}
        </Box>
        <Button
          variant="outlined"
          size="small"
          onClick={() => void query.refetch()}
          disabled={reading || !onuId || !pppoe}
          startIcon={reading ? <CircularProgress size={16} color="inherit" /> : <RefreshIcon />}
        >
          Refresh hosts
        </Button>
      </Stack>

      {query.isPending ? (
        <Stack spacing={1} aria-busy data-testid="hosts-loading">
          <Typography variant="body2" color="text.secondary">
            Reading the MikroTik router…
          </Typography>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={32} />
          ))}
        </Stack>
      ) : problem ? (
        <Alert severity={query.isError ? 'error' : 'warning'} data-testid="hosts-problem">
          {problem}
        </Alert>
      ) : data && data.hosts.length > 0 ? (
        <>
          <TableContainer>
            <Table size="small" aria-label="Hosts behind the session">
              <TableHead>
                <TableRow>
                  <TableCell>Address</TableCell>
                  <TableCell>MAC</TableCell>
                  <TableCell>Host name</TableCell>
                  <TableCell>Source</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.hosts.map((h) => (
                  <TableRow key={`${h.source}-${h.address}`} data-testid="host-row" data-source={h.source}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{h.address}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{h.macAddress ?? '—'}</TableCell>
                    <TableCell>{h.hostName ?? '—'}</TableCell>
                    <TableCell>
                      <Chip size="small" variant="outlined" label={SOURCE_LABELS[h.source]} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {data.note && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="hosts-note">
              {data.note}
            </Typography>
          )}
        </>
      ) : (
        <Stack
          spacing={1}
          sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}
          data-testid="hosts-empty"
        >
          <DevicesOtherIcon color="disabled" sx={{ fontSize: 48 }} />
          <Typography>No hosts to show</Typography>
          {data?.note && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ maxWidth: 520 }}
              data-testid="hosts-note"
            >
              {data.note}
            </Typography>
          )}
        </Stack>
      )}
    </Paper>
  );
}
