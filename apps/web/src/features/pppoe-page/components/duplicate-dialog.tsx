import { Link as RouterLink } from 'react-router-dom';
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { OnuDetail } from '@pondesk/contracts';
import { OnuStatusChip, graphPath } from '../../onus';

export const onuGraphPath = (pppoe: string, onuId: string) =>
  `${graphPath(pppoe)}?onu=${encodeURIComponent(onuId)}`;

const COLUMNS = ['OLT', 'PON NO.', 'DESCRIPTION', 'ONU INFO', 'STATUS'];

/** 'Duplicate PPPOE ID Detect': every ONU that carries the id; each row opens the page for that ONU. */
export function DuplicateDialog({
  open,
  onClose,
  onChoose,
  pppoe,
  matches,
  currentId,
}: {
  open: boolean;
  onClose: () => void;
  /** A row was picked: the link navigates, this only closes. */
  onChoose: () => void;
  pppoe: string;
  matches: OnuDetail[];
  currentId: string | null;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      scroll="paper"
      aria-labelledby="duplicate-title"
    >
      <DialogTitle id="duplicate-title">Duplicate PPPOE ID Detect</DialogTitle>
      <DialogContent dividers>
        <DialogContentText variant="body2" sx={{ mb: 2 }}>
          {pppoe} is on {matches.length} ONUs. Choose the one to show.
        </DialogContentText>
        <TableContainer>
          <Table size="small" aria-label={`ONUs carrying ${pppoe}`}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableCell key={c} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                    {c}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {matches.map((m) => (
                <TableRow key={m.id} hover selected={m.id === currentId} data-testid="duplicate-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {m.oltName}
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="span"
                      sx={{ display: 'block' }}
                    >
                      {m.oltCode}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Link
                      component={RouterLink}
                      to={onuGraphPath(pppoe, m.id)}
                      onClick={onChoose}
                      sx={{ fontFamily: 'monospace' }}
                      aria-label={`Show ${m.ifName} on ${m.oltName}`}
                    >
                      {m.ifName}
                    </Link>
                    {m.id === currentId && <Chip size="small" label="Shown" sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.description || '—'}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                    {m.mac ?? m.serial ?? '—'}
                  </TableCell>
                  <TableCell>
                    <OnuStatusChip status={m.status} reason={m.reason} reasonRaw={m.reasonRaw} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
