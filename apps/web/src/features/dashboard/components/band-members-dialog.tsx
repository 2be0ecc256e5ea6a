import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { SignalBandMembers } from '@pondesk/contracts';
import { DataTable, type Column } from '../../../shared/ui/data-table';
import { graphPath, RxBar } from '../../onus';
import { BAND_PAGE_SIZE, useBandMembers } from '../hooks';
import { formatCount, type SignalBandSummary } from '../summary';
import { Swatch } from './signal-bands';
import { SteppedProgress } from './stepped-progress';

type Member = SignalBandMembers['items'][number];

/** Read by screen readers only: every "View" link names its PPPoE id. */
const SCREEN_READER_ONLY = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function PppoeViewLinks({ ids }: { ids: string[] }) {
  if (!ids.length)
    return (
      <Typography variant="body2" color="text.secondary">
        No PPPoE id
      </Typography>
    );
  return (
    <Stack spacing={0.25} sx={{ minWidth: 180 }}>
      {ids.map((id) => (
        <Stack key={id} direction="row" sx={{ alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1 }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {id}
          </Typography>
          <Link component={RouterLink} to={graphPath(id)} variant="body2" sx={{ fontWeight: 600 }}>
            View
            <Box component="span" sx={SCREEN_READER_ONLY}>
              {` ${id}`}
            </Box>
          </Link>
        </Stack>
      ))}
    </Stack>
  );
}

const COLUMNS: Column<Member>[] = [
  { key: 'olt', header: 'OLT', render: (m) => <Box sx={{ whiteSpace: 'nowrap' }}>{m.oltName}</Box> },
  {
    key: 'port',
    header: 'Port',
    render: (m) => (
      <Box sx={{ whiteSpace: 'nowrap' }}>
        <Typography variant="body2">{`PON ${m.ponPort}`}</Typography>
        <Typography variant="caption" color="text.secondary">
          {m.ifName}
        </Typography>
      </Box>
    ),
  },
  { key: 'pppoe', header: 'PPPoE ID', render: (m) => <PppoeViewLinks ids={m.pppoeIds} /> },
  { key: 'rx', header: 'RX', render: (m) => <RxBar rxDbm={m.rxDbm} width={96} /> },
];

/** The ONUs of one band, weakest first, 20 a page from the server. */
function BandMembers({ band }: { band: SignalBandSummary }) {
  const [page, setPage] = useState(1);
  const members = useBandMembers(band.key, page);
  const data = members.data;
  const loading = members.isPending || (members.isFetching && members.isPlaceholderData);
  return (
    <>
      <DialogContentText sx={{ mb: 2 }}>{band.description}</DialogContentText>
      <Box sx={{ mb: 1 }}>
        <SteppedProgress loading={loading} label={`Loading the ${band.name} ONUs`} />
      </Box>
      <DataTable
        label={`ONUs in the ${band.name} group`}
        columns={COLUMNS}
        rows={data?.items}
        rowKey={(m) => m.onuRef}
        loading={members.isPending}
        error={members.isError ? members.error : null}
        onRetry={() => void members.refetch()}
        empty="No ONU in this band"
        paging={
          data && data.total > 0
            ? { page: data.page, pageSize: BAND_PAGE_SIZE, total: data.total, onPageChange: setPage }
            : undefined
        }
      />
    </>
  );
}

/** The popup of a dB group; it keeps the band while closing so the content does not vanish mid-fade. */
export function BandMembersDialog({
  band,
  open,
  onClose,
  onExited,
}: {
  band: SignalBandSummary | null;
  open: boolean;
  onClose: () => void;
  onExited: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={open && !!band}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited } }}
    >
      {band && (
        <>
          <DialogTitle id={titleId} component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <Swatch color={band.color} size={18} />
            <span>{band.name}</span>
            <Typography component="span" color="text.secondary" sx={{ ml: 'auto' }}>
              {`${formatCount(band.count)} ONU${band.count === 1 ? '' : 's'}`}
            </Typography>
          </DialogTitle>
          <DialogContent dividers>
            <BandMembers key={band.key} band={band} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
